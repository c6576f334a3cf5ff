import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer, configured by SMTP_URL (smtp://user:pass@host:port). */
export class SmtpMailer implements Mailer {
  readonly #transport: nodemailer.Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.#transport = nodemailer.createTransport(url);
  }
  async send(mail: Mail): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...mail });
  }
}

/** Development outbox: each mail is logged and written as an .eml-like text file under DATA_DIR/outbox/mail. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.txt`);
    await writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`, 'utf8');
    this.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the development outbox');
  }
}
