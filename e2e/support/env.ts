import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the e2e server listens and keeps its data; shared by the config, the server wrapper and the tests. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8181),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2526),
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  dataDir: path.resolve(here, '../.artifacts/data'),
  mailDir: path.resolve(here, '../.artifacts/mail'),
  screenshotDir: path.resolve(here, '../.artifacts/screenshots'),
};
