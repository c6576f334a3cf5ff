import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** E2E_ARTIFACTS lets two runs share a machine (each with its own port, data and mail). */
const artifacts = path.resolve(process.env.E2E_ARTIFACTS ?? path.join(here, '../.artifacts'));

/** Where the e2e server listens and keeps its data; shared by the config, the server wrapper and the tests. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8181),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2526),
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  dataDir: path.join(artifacts, 'data'),
  mailDir: path.join(artifacts, 'mail'),
  screenshotDir: path.join(artifacts, 'screenshots'),
  /**
   * The screens' pictures (shot, shotScreen, viewShot) are for a person to open: taken on a developer's run and with
   * E2E_SCREENSHOTS=1; CI, where nobody opens them, skips them (docs/decisions/e2e.md).
   */
  screenshots: process.env.E2E_SCREENSHOTS === '1' || !process.env.CI,
  resultsDir: path.join(artifacts, 'results'),
  reportFile: path.join(artifacts, 'report.json'),
};
