import path from 'node:path';
import { formatNumber } from '@portal/contract';
import { exitCode, summaryLines, syncDir } from './client.js';

/**
 * `npm run erp:sync -- DIR [--lote N] [--paralelo N]`: sends DIR's files (one per kind) to PORTAL_URL with INTEGRATION_KEY, prints a
 * line per batch and a summary. Exit status: 0 all rows written or unchanged; 1 some rows rejected; 2 a batch
 * refused or a failure (the rows after it were not sent); 64 a wrong call.
 */
const n = (v: number) => formatNumber(v, 0);

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  let batchRows: number | undefined;
  let concurrency: number | undefined;
  const at = args.indexOf('--lote');
  if (at >= 0) {
    batchRows = Number(args[at + 1]);
    args.splice(at, 2);
  }
  const par = args.indexOf('--paralelo');
  if (par >= 0) {
    concurrency = Number(args[par + 1]);
    args.splice(par, 2);
  }
  const [dir] = args;
  const url = process.env.PORTAL_URL;
  const key = process.env.INTEGRATION_KEY;
  if (!dir || !url || !key || (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows >= 1 && batchRows <= 100_000)) || (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 8))) {
    console.error('Uso: PORTAL_URL=https://portal.ejemplo INTEGRATION_KEY=pic_… npm run erp:sync -- CARPETA [--lote 10000] [--paralelo 2]');
    return 64;
  }
  // npm runs the script in the workspace's folder: a relative folder is the caller's.
  const base = process.env.INIT_CWD ?? process.cwd();
  const summary = await syncDir({
    url,
    key,
    dir: path.resolve(base, dir),
    batchRows,
    concurrency,
    progress: (p) =>
      console.error(`${p.file}: ${n(p.sent)} filas enviadas (lote ${p.answer.lote}: ${n(p.answer.aceptadas)} aceptadas, ${n(p.answer.sin_cambios)} sin cambios, ${n(p.answer.rechazadas)} rechazadas)`),
  });
  for (const line of summaryLines(summary)) console.log(line);
  return exitCode(summary);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`ERROR: ${(e as Error).message}`);
    process.exit(2);
  },
);
