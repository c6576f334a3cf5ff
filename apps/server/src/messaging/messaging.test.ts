import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { HttpSmsProvider, OutboxSmsProvider } from './sms.js';
import { OutboxMailer } from './mail.js';

const log = pino({ level: 'silent' });

test('HTTP SMS provider posts {to, text} as JSON with the bearer token, and fails on a non-2xx answer', async () => {
  const received: Array<{ auth?: string; body: unknown }> = [];
  let status = 200;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
      res.statusCode = status;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  try {
    const sms = new HttpSmsProvider(`http://127.0.0.1:${port}/send`, 'secreto');
    await sms.send('+542954123456', 'Su código es 123456');
    assert.deepEqual(received[0], { auth: 'Bearer secreto', body: { to: '+542954123456', text: 'Su código es 123456' } });
    status = 500;
    await assert.rejects(sms.send('+542954123456', 'x'), /500/);
  } finally {
    server.close();
  }
});

test('development outboxes write what they send', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const sms = new OutboxSmsProvider(path.join(dir, 'sms.jsonl'), log);
    await sms.send('+542954123456', 'uno');
    await sms.send('+542954123456', 'dos');
    const lines = (await readFile(path.join(dir, 'sms.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { text: string });
    assert.deepEqual(lines.map((l) => l.text), ['uno', 'dos']);

    const mailer = new OutboxMailer(path.join(dir, 'mail'), log);
    await mailer.send({ to: 'ana@demo.com.ar', subject: 'Recuperar su contraseña', text: 'Hola Ana: ñandú', html: '<p>Hola</p>' });
    const files = await readdir(path.join(dir, 'mail'));
    assert.equal(files.length, 1);
    const content = await readFile(path.join(dir, 'mail', files[0]!), 'utf8');
    assert.match(content, /Subject: Recuperar su contraseña/);
    assert.match(content, /ñandú/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
