// Starts the portal for the e2e run on a fresh database and an SMTP capture, the way `npm start` does.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = process.env.E2E_PORT ?? '8181';
const dataDir = path.join(path.resolve(process.env.E2E_ARTIFACTS ?? path.join(here, '../.artifacts')), 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DEMO_SIZE: 'small',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? '2526'}`,
  // Two projects log in dozens of times from one address; the limits themselves are covered by API tests.
  RATE_LIMIT_SCALE: '50',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;

if (process.env.E2E_USE_POSTGRES === '1' && process.env.E2E_DATABASE_URL) {
  // Named after the port: runs that share a machine (E2E_PORT, E2E_ARTIFACTS) never drop each other's database.
  const prefix = `portal_e2e_${port}_`;
  const name = `${prefix}${Date.now()}`;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  // Databases of earlier runs on this port are dropped first, so repeated runs do not pile up.
  const old = await client.query(`select datname from pg_database where starts_with(datname, $1)`, [prefix]);
  for (const row of old.rows) await client.query(`drop database if exists ${row.datname} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.error(`e2e on PostgreSQL database ${name}`);
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
