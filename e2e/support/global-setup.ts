import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { E2E } from './env';

/** A real SMTP server for the whole run; each mail it receives is written as JSON for the tests to read. */
export default async function globalSetup() {
  rmSync(E2E.mailDir, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  mkdirSync(E2E.screenshotDir, { recursive: true });
  rmSync(path.join(E2E.dataDir, '..', 'sms.lock'), { recursive: true, force: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          writeFileSync(path.join(E2E.mailDir, `${Date.now()}-${n++}.json`), JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E.smtpPort, '127.0.0.1', resolve);
  });
  return async () => new Promise<void>((resolve) => server.close(() => resolve()));
}
