/**
 * Document service benchmark, through the real HTTP endpoints of a listening server:
 *  - Excel export of 100,000 movements (target < 5 s), PDF export of 10,000 movements (target < 5 s), each with
 *    the server's peak memory growth (target < 100 MB);
 *  - a ZIP of 200 voucher PDFs (target < 10 s).
 * The `large` size has no customer with 100,000 vouchers in half a year, so the benchmark adds one (a feedlot
 * buying daily: 100,000 invoices over the last 150 days, 200 of them with printable lines) and links productor to it.
 *   npm run bench:documents -w @portal/bench -- [size]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_ONLY=postgres npm run bench:documents -w @portal/bench -- large
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { defaultFiscalRange, todayInArgentina } from '@portal/contract';
import type { DB } from '@portal/server/src/db/database.js';
import type { DemoSize } from '@portal/server/src/db/seed/demo-size.js';
import { benchApp, loginHeaders, targets } from './support.js';

const size = (process.argv[2] ?? 'large') as DemoSize;
const LA_PAMPA = '30712345671';
const FEEDLOT = 999_001;
const MOVEMENTS = 100_000;
const DAYS = 150;

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The feedlot customer with 100,000 vouchers, created once per database. */
async function ensureFeedlot(db: DB): Promise<void> {
  const company = await db.selectFrom('companies').select('id').where('cuit', '=', LA_PAMPA).executeTakeFirstOrThrow();
  const existing = await db.selectFrom('entities').select('id').where('company_id', '=', company.id).where('code', '=', FEEDLOT).executeTakeFirst();
  if (existing) return;
  const t = performance.now();
  const today = todayInArgentina();
  await db.transaction().execute(async (trx) => {
    const { id: entityId } = await trx
      .insertInto('entities')
      .values({ company_id: company.id, code: FEEDLOT, name: 'Feedlot La Invernada S.A.', description: 'Feedlot La Invernada', cuit: '30715550006', seller_id: 1, phone: null, email: null, locality: 'Winifreda', province: 'La Pampa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const productor = await trx.selectFrom('users').select('id').where('username', '=', 'productor').executeTakeFirstOrThrow();
    await trx.insertInto('user_entities').values({ user_id: productor.id, company_id: company.id, entity_id: entityId }).execute();
    // n = 1 is the newest voucher; one every (DAYS / MOVEMENTS) days back from today.
    await sql`insert into account_movements (company_id, entity_id, date, voucher_code, voucher_name, series, number, letter, detail, currency,
        amount, due_date, settled, time, afip_type, net_amount, vat21, vat105, other_taxes, cae, cae_due, printable, sale_condition)
      select ${company.id}, ${entityId}, (${today}::date - (n * ${DAYS} / ${MOVEMENTS}))::date, 'FC', 'Factura A', 7, 900000000 + n, 'A',
        'Alimento balanceado — entrega ' || n, 'ARS', round((100000 + (n % 997) * 1234.56)::numeric, 2),
        (${today}::date - (n * ${DAYS} / ${MOVEMENTS}) + 30)::date, false, '10:30', 1,
        round(((100000 + (n % 997) * 1234.56) / 1.21)::numeric, 2), round(((100000 + (n % 997) * 1234.56) - (100000 + (n % 997) * 1234.56) / 1.21)::numeric, 2),
        0, 0, '76123456789012', (${today}::date + 10)::date, true, 'Cuenta corriente 30 días'
      from generate_series(1, ${MOVEMENTS}) as n`.execute(trx);
    // The 200 newest get product lines, so their PDFs are real invoices.
    await sql`insert into voucher_lines (company_id, movement_id, line_no, kind, product_code, description, quantity, unit, unit_price, discount, amount)
      select m.company_id, m.id, l, 'product', 'FER-0' || (10000 + l), 'Alimento balanceado terminación — bolsa ' || l, 10 * l, 'Bolsa x 40 kg',
        round(m.net_amount / (10 * l * 3), 2), 0, round(m.net_amount / (10 * l * 3), 2) * 10 * l
      from account_movements m cross join generate_series(1, 3) as l
      where m.entity_id = ${entityId} and m.number <= 900000200`.execute(trx);
  });
  await sql`analyze account_movements`.execute(db);
  console.log(`feedlot customer with ${MOVEMENTS.toLocaleString('es-AR')} vouchers added in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** Peak growth of this process's memory (RSS and heap) while `run` runs, sampled every 10 ms. */
async function withMemory<T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; rssMb: number; heapMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  const t = performance.now();
  try {
    const result = await run();
    return { result, seconds: (performance.now() - t) / 1000, rssMb: (rss - base.rss) / 1e6, heapMb: (heap - base.heapUsed) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

/** Reads a response body to the end, counting bytes (the client keeps nothing). */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

function report(label: string, r: { seconds: number; rssMb: number; heapMb: number }, extra: string) {
  console.log(`${label.padEnd(40)} ${r.seconds.toFixed(2).padStart(6)} s   RSS +${r.rssMb.toFixed(0).padStart(4)} MB   heap +${r.heapMb.toFixed(0).padStart(4)} MB   ${extra}`);
}

for await (const target of targets(size)) {
  await ensureFeedlot(target.db);
  const app = await benchApp(target.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await loginHeaders(app, 'productor', 'Demo1234', LA_PAMPA, FEEDLOT);
  const token = headers.authorization!.slice('Bearer '.length);
  console.log(`\n${target.kind}, ${size}:`);

  const exportUrl = (type: 'excel' | 'pdf', range: { fechadesde: string; fechahasta: string }) =>
    `${address}/api/public/proxy/cgi/etenet_cabcbte?${new URLSearchParams({ ...range, token, files: 'true', type, cooperativa: LA_PAMPA, entity_id: String(FEEDLOT) })}`;

  for (const [type, range, label] of [
    ['excel', defaultFiscalRange(), `EXCEL export, ${MOVEMENTS.toLocaleString('es-AR')} movements`],
    // 10,000 of the vouchers fall in the newest 15 days.
    ['pdf', { fechadesde: addDays(todayInArgentina(), -((DAYS * 10_000) / MOVEMENTS) + 1), fechahasta: todayInArgentina() }, 'PDF export, ≈10.000 movements'],
  ] as const) {
    const r = await withMemory(async () => {
      const response = await fetch(exportUrl(type, range));
      if (!response.ok) throw new Error(`${type}: ${response.status} ${await response.text()}`);
      return drain(response);
    });
    report(label, r, `${(r.result / 1e6).toFixed(1)} MB file`);
  }

  const vouchers = Array.from({ length: 200 }, (_, i) => ({ codcom: 'FC', codtal: 7, numero: 900_000_001 + i }));
  const zip = await withMemory(async () => {
    const query = new URLSearchParams({ zip: 'true', comprobantes: JSON.stringify(vouchers) });
    const built = await fetch(`${address}/api/public/proxy/cgi/etenet_cabcbte?${query}`, { headers });
    const answer = (await built.json()) as { success: boolean; url?: string; directorio?: string; msg?: string };
    if (!answer.success || !answer.url) throw new Error(`zip: ${JSON.stringify(answer)}`);
    const file = await fetch(new URL(answer.url, address));
    const bytes = await drain(file);
    await fetch(`${address}/api/public/proxy/files?${new URLSearchParams({ elimina: 'true', url: answer.url, directorio: answer.directorio ?? '' })}`, { headers });
    return bytes;
  });
  report('ZIP of 200 voucher PDFs (build + download)', zip, `${(zip.result / 1e6).toFixed(1)} MB zip`);

  await app.close();
  await target.close();
}
