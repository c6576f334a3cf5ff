import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatCuit,
  formatMoney,
  fiscalMsg,
  msg,
  oneYearBefore,
  todayInArgentina,
  type DirectDownloadResponse,
  type ShareResponse,
  type ZipResponse,
} from '@portal/contract';
import { signShareToken } from '../../documents/index.js';
import { asPrinted, pdfText, readZip } from '../../documents/test-support.js';
import { bearer, COMPANIES, createTestApp, DEL_SUR, expectGuarded, expectRefused, LA_PAMPA, login, type TestContext } from '../../test/helpers.js';
import { buildApp } from '../../app.js';
import { redactToken } from '../../lib/log.js';

/**
 * The files calls: the voucher PDF (/proxy/files?type=pdf), /proxy/imprime, direct download (directa=true),
 * share links and the public /compartido/{token}, and product images (type=pedidos) with their caching.
 */

let ctx: TestContext;
let token: string;
const FILES = '/api/public/proxy/files';
const own = () => bearer(token, { cuit: LA_PAMPA, entity_id: '1001' });

type Voucher = { id: string; voucher_code: string; series: number; number: number; amount: string; currency: 'ARS' | 'USD'; cae: string | null; printable: boolean };
let invoice: Voucher; // a printable Factura of Juan Pérez with product lines and a CAE
let unprintable: Voucher;
let foreign: Voucher; // a voucher of entity 2000, not the user's
let customer: { name: string; cuit: string };

const keyOf = (v: Voucher) => `codcom=${v.voucher_code}&codtal=${v.series}&numero=${v.number}`;
const numberText = (v: Voucher) => `${String(v.series).padStart(5, '0')}-${String(v.number).padStart(8, '0')}`;
/** How the voucher PDF prints the number: 'Punto de venta: 00003   Comp. Nro: 00001234'. */
const printedNumber = (v: Voucher) => new RegExp(`Punto de venta: ${String(v.series).padStart(5, '0')}\\s+Comp\\. Nro: ${String(v.number).padStart(8, '0')}`);

async function vouchersOf(code: number) {
  return ctx.db
    .selectFrom('account_movements as m')
    .innerJoin('entities as e', 'e.id', 'm.entity_id')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.id', 'm.voucher_code', 'm.series', 'm.number', 'm.amount', 'm.currency', 'm.cae', 'm.printable', 'm.afip_type'])
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', code)
    .orderBy('m.date', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
}

before(async () => {
  ctx = await createTestApp();
  token = (await login(ctx.app, 'productor')).access_token;
  const mine = await vouchersOf(1001);
  const withLines = new Set(
    (await ctx.db.selectFrom('voucher_lines').select('movement_id').where('kind', '=', 'product').execute()).map((l) => String(l.movement_id)),
  );
  invoice = mine.find((v) => v.voucher_code === 'FC' && v.printable && v.afip_type === 1 && v.currency === 'ARS' && withLines.has(String(v.id)))!;
  unprintable = mine.find((v) => !v.printable)!;
  foreign = (await vouchersOf(2000)).find((v) => v.printable)!;
  assert.ok(invoice && unprintable && foreign, 'the demo has the vouchers these tests need');
  customer = await ctx.db
    .selectFrom('entities as e')
    .innerJoin('companies as c', 'c.id', 'e.company_id')
    .select(['e.name', 'e.cuit'])
    .where('c.cuit', '=', LA_PAMPA)
    .where('e.code', '=', 1001)
    .executeTakeFirstOrThrow();
});
after(async () => {
  await ctx?.close();
});

describe('voucher PDF (type=pdf)', () => {
  test('opens inline: es-AR numbers, accents, CAE, both CUITs, the lines', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}&cooperativa=${LA_PAMPA}&type=pdf`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(String(res.headers['content-disposition']), /^inline; filename="Factura A \d{5}-\d{8}\.pdf"/);
    const text = await pdfText(res.rawPayload);
    assert.match(text, printedNumber(invoice));
    assert.ok(text.includes(asPrinted(formatMoney(invoice.amount, 'ARS'))), `total ${formatMoney(invoice.amount, 'ARS')}`);
    assert.ok(text.includes(invoice.cae!), 'CAE');
    assert.ok(text.includes(formatCuit(LA_PAMPA)), 'company CUIT');
    assert.ok(text.includes(formatCuit(customer.cuit)), 'customer CUIT');
    assert.ok(text.includes(customer.name), `customer ${customer.name} with its accents`);
    assert.ok(text.includes(COMPANIES.laPampa.fiscal.address), 'company address');
    const lines = await ctx.db.selectFrom('voucher_lines').select(['description', 'amount']).where('movement_id', '=', invoice.id).execute();
    for (const l of lines) assert.ok(text.includes(l.description.slice(0, 20)), `line ${l.description}`);
  });

  test('opened directly by the browser: token, cooperativa and entity_id in the query', async () => {
    const url = `${FILES}?${keyOf(invoice)}&cooperativa=${LA_PAMPA}&type=pdf&entity_id=1001&token=${token}`;
    const res = await ctx.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.equal((await ctx.app.inject({ method: 'GET', url: url.replace('entity_id=1001', 'entity_id=2000') })).statusCode, 403);
    assert.equal((await ctx.app.inject({ method: 'GET', url: url.replace(token, `${token.slice(0, -4)}AAAA`) })).statusCode, 401);
  });

  test('is guarded; another entity\'s voucher and an unknown one 404 alike, one without print 404 with the spec\'s text', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: `${FILES}?${keyOf(invoice)}&type=pdf` }, { access: 'entity', token });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(foreign)}&type=pdf`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?codcom=FC&codtal=3&numero=99999999&type=pdf`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(unprintable)}&type=pdf`, headers: own() }), 404, fiscalMsg.sinImpresion);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?codtal=3&numero=1&type=pdf`, headers: own() }), 400, fiscalMsg.comprobanteObligatorio);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}&type=doc`, headers: own() }), 400, fiscalMsg.tipoInvalido);
  });
});

describe('/proxy/imprime', () => {
  const IMPRIME = '/api/public/proxy/imprime';

  test('answers archivos.archivo, the PDF in base64', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${IMPRIME}?${keyOf(invoice)}`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { success: true; archivos: { archivo: string } };
    assert.equal(body.success, true);
    const pdf = Buffer.from(body.archivos.archivo, 'base64');
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(await pdfText(pdf), printedNumber(invoice));
  });

  test('a voucher without print: success false, El movimiento seleccionado no tiene impresión', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${IMPRIME}?${keyOf(unprintable)}`, headers: own() });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: false, msg: 'El movimiento seleccionado no tiene impresión' });
  });

  test('is guarded; another entity\'s voucher 404 (as if unknown); a missing key 400', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: `${IMPRIME}?${keyOf(invoice)}` }, { access: 'entity', token });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${IMPRIME}?${keyOf(foreign)}`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${IMPRIME}?codcom=FC&codtal=x&numero=1`, headers: own() }), 400, fiscalMsg.comprobanteObligatorio);
  });
});

describe('direct download (directa=true)', () => {
  test('writes the PDF to a temporary file and answers host and archivo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}&directa=true`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as DirectDownloadResponse;
    assert.equal(body.success, true);
    assert.equal(body.host, ctx.config.publicUrl);
    assert.match(body.archivo, /^\/api\/public\/compartido\/[\w-]+\.[\w-]+$/);
    const file = await ctx.app.inject({ method: 'GET', url: body.archivo });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    assert.match(await pdfText(file.rawPayload), printedNumber(invoice));
  });

  test('the spec\'s parameters alone (codcom, codtal, numero) are a direct download too', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as DirectDownloadResponse;
    assert.equal(body.success, true);
    assert.match(body.archivo, /^\/api\/public\/compartido\/[\w-]+\.[\w-]+$/);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(foreign)}`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}` }), 401, msg.noAutenticado);
  });

  test('a voucher without print: success false with the message; another entity\'s 404; no session 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(unprintable)}&directa=true`, headers: own() });
    assert.deepEqual(res.json(), { success: false, host: ctx.config.publicUrl, archivo: '', msg: fiscalMsg.sinImpresion });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(foreign)}&directa=true`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?${keyOf(invoice)}&directa=true` }), 401, msg.noAutenticado);
  });
});

describe('share link', () => {
  const SHARE = '/api/public/proxy/compartir';

  test('a public, signed link to exactly that PDF, opened without a session, and the WhatsApp text', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${SHARE}?${keyOf(invoice)}`, headers: own() });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as ShareResponse;
    assert.ok(body.url.startsWith(`${ctx.config.publicUrl}/api/public/compartido/`));
    assert.ok(body.texto.endsWith(body.url));
    assert.ok(body.texto.includes(numberText(invoice)));
    const days = (new Date(body.vence).getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 6.9 && days <= 7, `valid 7 days (${days})`);
    const path = body.url.slice(ctx.config.publicUrl.length);
    const pdf = await ctx.app.inject({ method: 'GET', url: path });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.headers['cache-control'], 'private, no-store');
    assert.match(await pdfText(pdf.rawPayload), printedNumber(invoice));
  });

  test('an altered link is refused (403), an expired one is gone (410)', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: `${SHARE}?${keyOf(invoice)}`, headers: own() })).json() as ShareResponse;
    const path = body.url.slice(ctx.config.publicUrl.length);
    const [payload, signature] = path.split('/').pop()!.split('.') as [string, string];
    // The same claims pointing at another voucher, with the old signature.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { r: string };
    claims.r = `${foreign.voucher_code}|${foreign.series}|${foreign.number}`;
    const altered = `/api/public/compartido/${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expectRefused(await ctx.app.inject({ method: 'GET', url: altered }), 403, fiscalMsg.enlaceInvalido);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` }), 403, fiscalMsg.enlaceInvalido);

    const ids = await ctx.db.selectFrom('account_movements').select(['company_id', 'entity_id']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
    const old = signShareToken(
      ctx.app.tokenSecret,
      { c: ids.company_id, e: ids.entity_id, k: 'voucher', r: `${invoice.voucher_code}|${invoice.series}|${invoice.number}` },
      7 * 86_400,
      Date.now() - 8 * 86_400_000,
    );
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${old}` }), 410, fiscalMsg.enlaceVencido);
    // A link signed with another secret is not ours.
    const stranger = signShareToken('otro-secreto-cualquiera', { c: ids.company_id, e: ids.entity_id, k: 'voucher', r: claims.r }, 3600);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${stranger}` }), 403, fiscalMsg.enlaceInvalido);
  });

  test('is guarded; another entity\'s voucher 404 (as if unknown); one without print 404', async () => {
    await expectGuarded(ctx.app, { method: 'GET', url: `${SHARE}?${keyOf(invoice)}` }, { access: 'entity', token });
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${SHARE}?${keyOf(foreign)}`, headers: own() }), 404, fiscalMsg.comprobanteInexistente);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${SHARE}?${keyOf(unprintable)}`, headers: own() }), 404, fiscalMsg.sinImpresion);
  });

  test('kinds are pluggable: a registered kind is served, an unknown kind refused', async () => {
    ctx.app.shares.register('prueba', async ({ claims }) => ({ fileName: `prueba ${claims.r}.txt`, contentType: 'text/plain', body: Buffer.from(`hola ${claims.e}`), disposition: 'attachment' }));
    const ok = signShareToken(ctx.app.tokenSecret, { c: 1, e: 7, k: 'prueba', r: 'uno' }, 60);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${ok}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, 'hola 7');
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="prueba uno\.txt"/);
    const unknown = signShareToken(ctx.app.tokenSecret, { c: 1, e: 7, k: 'desconocido', r: 'uno' }, 60);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${unknown}` }), 403, fiscalMsg.enlaceInvalido);
  });

  test('kinds belong to one app: another app in the same process serves only its own, and a kind cannot be registered twice', async () => {
    const other = await buildApp({ config: ctx.config, db: ctx.db });
    try {
      await other.ready();
      assert.equal(other.tokenSecret, ctx.app.tokenSecret);
      other.shares.register('solo-otra', async () => ({ fileName: 'otra.txt', contentType: 'text/plain', body: Buffer.from('otra'), disposition: 'attachment' }));
      const ours = signShareToken(ctx.app.tokenSecret, { c: 1, e: 7, k: 'prueba', r: 'uno' }, 60);
      const theirs = signShareToken(ctx.app.tokenSecret, { c: 1, e: 7, k: 'solo-otra', r: 'uno' }, 60);
      // 'prueba' was registered on ctx.app only (test above); 'solo-otra' on the other app only.
      assert.equal((await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${ours}` })).statusCode, 200);
      expectRefused(await other.inject({ method: 'GET', url: `/api/public/compartido/${ours}` }), 403, fiscalMsg.enlaceInvalido);
      expectRefused(await ctx.app.inject({ method: 'GET', url: `/api/public/compartido/${theirs}` }), 403, fiscalMsg.enlaceInvalido);
      assert.equal((await other.inject({ method: 'GET', url: `/api/public/compartido/${theirs}` })).statusCode, 200);
      // Both apps registered the areas' own kinds at startup, each on its registry.
      assert.ok(other.shares.resolver('voucher') && ctx.app.shares.resolver('voucher') !== other.shares.resolver('voucher'));
      assert.ok(other.prints.resolver('CT') && ctx.app.prints.resolver('CT'));
      assert.throws(() => other.shares.register('voucher', async () => null), /registered twice/);
    } finally {
      await other.close();
    }
  });
});

describe('product images (type=pedidos)', () => {
  async function imageOf(cuit: string) {
    return ctx.db
      .selectFrom('product_images as i')
      .innerJoin('companies as c', 'c.id', 'i.company_id')
      .select(['i.file_name', 'i.content_type', 'i.data'])
      .where('c.cuit', '=', cuit)
      .orderBy('i.file_name')
      .executeTakeFirstOrThrow();
  }

  test('served without a session, cached a day, revalidated by ETag (304)', async () => {
    const img = await imageOf(LA_PAMPA);
    const url = `${FILES}?cooperativa=${LA_PAMPA}&type=pedidos&archivo=${encodeURIComponent(img.file_name)}`;
    const res = await ctx.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], img.content_type);
    assert.deepEqual(res.rawPayload, Buffer.from(img.data));
    assert.match(String(res.headers['cache-control']), /^public, max-age=(\d+)$/);
    assert.ok(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1]) >= 86_400);
    const etag = String(res.headers.etag);
    assert.match(etag, /^"[0-9a-f]{32}"$/);
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    assert.equal(again.headers.etag, etag);
    const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"otro"' } });
    assert.equal(stale.statusCode, 200);
  });

  test('another company\'s picture, an unknown file: 404; path tricks: 400', async () => {
    // A picture only Agroinsumos del Sur has.
    const delSur = await ctx.db.selectFrom('companies').select('id').where('cuit', '=', DEL_SUR).executeTakeFirstOrThrow();
    const theirs = { file_name: 'solo-del-sur.svg' };
    await ctx.db
      .insertInto('product_images')
      .values({ company_id: delSur.id, file_name: theirs.file_name, content_type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
      .execute();
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?cooperativa=${LA_PAMPA}&type=pedidos&archivo=${theirs.file_name}` }), 404, fiscalMsg.archivoInexistente);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `${FILES}?cooperativa=${DEL_SUR}&type=pedidos&archivo=${theirs.file_name}` })).statusCode, 200);
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?cooperativa=${LA_PAMPA}&type=pedidos&archivo=no-existe.svg` }), 404, fiscalMsg.archivoInexistente);
    for (const bad of ['../etc/passwd', '%2e%2e%2fsecreto', 'a/b.svg', '.oculto', 'a..svg']) {
      expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?cooperativa=${LA_PAMPA}&type=pedidos&archivo=${bad}` }), 400, fiscalMsg.archivoInvalido);
    }
    expectRefused(await ctx.app.inject({ method: 'GET', url: `${FILES}?cooperativa=123&type=pedidos&archivo=x.svg` }), 400, fiscalMsg.cuitInvalido);
  });
});

test('logs never keep a token from the query', () => {
  assert.equal(redactToken('/api/public/proxy/files?codcom=FC&token=eyJ.abc-def&entity_id=1001'), '/api/public/proxy/files?codcom=FC&token=***&entity_id=1001');
  assert.equal(redactToken('/x?token=abc'), '/x?token=***');
  assert.equal(redactToken('/x?tokens=1'), '/x?tokens=1');
});

describe('bulk ZIP: the imprime flag (etenet_cabcbte?zip=true&imprime=true)', () => {
  const CABCBTE = '/api/public/proxy/cgi/etenet_cabcbte';
  const zip = (params: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `${CABCBTE}?${new URLSearchParams({ zip: 'true', ...params }).toString()}`, headers: own() });
  const entryName = (r: { voucher_name: string; series: number; number: number }) =>
    `${r.voucher_name} ${String(r.series).padStart(5, '0')}-${String(r.number).padStart(8, '0')}.pdf`;
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
  const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  test('imprime=true holds only the vouchers with a printout (filter and selection); any other value is a 400', async () => {
    const today = todayInArgentina();
    const rows = await ctx.db
      .selectFrom('account_movements as m')
      .innerJoin('entities as e', 'e.id', 'm.entity_id')
      .innerJoin('companies as c', 'c.id', 'm.company_id')
      .select(['m.id', 'm.date', 'm.voucher_code', 'm.series', 'm.number', 'm.voucher_name', 'm.printable'])
      .where('c.cuit', '=', LA_PAMPA)
      .where('e.code', '=', 1001)
      .where('m.date', '>=', oneYearBefore(today))
      .orderBy('m.date', 'desc')
      .orderBy('m.id', 'desc')
      .execute();
    // A 30-day range starting at an unprintable voucher that also holds printable ones.
    let range: { fechadesde: string; fechahasta: string } | undefined;
    let inRange: typeof rows = [];
    for (const u of rows.filter((r) => !r.printable)) {
      const from = iso(u.date);
      const to = plusDays(from, 30) < today ? plusDays(from, 30) : today;
      inRange = rows.filter((r) => iso(r.date) >= from && iso(r.date) <= to);
      if (inRange.some((r) => r.printable)) {
        range = { fechadesde: from, fechahasta: to };
        break;
      }
    }
    assert.ok(range, 'the demo has a month with printable and unprintable vouchers');
    const printable = inRange.filter((r) => r.printable);
    const unprintableInRange = inRange.find((r) => !r.printable)!;

    // The filter: only the printable vouchers of the range, one PDF each, in the list's order.
    const res = await zip({ ...range, imprime: 'true' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as ZipResponse;
    assert.equal(body.success, true, res.body);
    assert.equal(body.cantidad, printable.length);
    const entries = readZip((await ctx.app.inject({ method: 'GET', url: body.url! })).rawPayload);
    assert.deepEqual(entries.map((e) => e.name), printable.map(entryName));

    // The selection: the unprintable one is left out, as the print button would refuse it.
    const key = (r: (typeof rows)[number]) => ({ codcom: r.voucher_code, codtal: r.series, numero: r.number });
    const selected = (await zip({ imprime: '1', comprobantes: JSON.stringify([key(printable[0]!), key(unprintableInRange)]) })).json() as ZipResponse;
    assert.equal(selected.success, true);
    assert.equal(selected.cantidad, 1);
    assert.deepEqual(readZip((await ctx.app.inject({ method: 'GET', url: selected.url! })).rawPayload).map((e) => e.name), [entryName(printable[0]!)]);

    // The flag cannot widen the ZIP (a voucher without a printout has no PDF): false and odd values are refused.
    for (const bad of ['false', '0', 'quizas', '']) {
      expectRefused(await zip({ ...range, imprime: bad }), 400, fiscalMsg.imprimeInvalido);
      expectRefused(await zip({ imprime: bad, comprobantes: JSON.stringify([key(printable[0]!)]) }), 400, fiscalMsg.imprimeInvalido);
    }
  });
});
