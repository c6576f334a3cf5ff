import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { type Column, OutputClosedError, type Row, writeTablePdf, writeTableXlsx } from './table-export.js';
import { TEST_COMPANY, pdfText, tempDir } from './test-support.js';

const columns: Column[] = [
  { key: 'fecha', header: 'Fecha', type: 'date' },
  { key: 'comprobante', header: 'Comprobante', type: 'text' },
  { key: 'cliente', header: 'Razón social', type: 'text', width: 3 },
  { key: 'kilos', header: 'Kilos', type: 'number', decimals: 0 },
  { key: 'importe', header: 'Importe', type: 'money', currency: 'ARS' },
];

function day(i: number): string {
  return `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
}

async function* rows(n: number): AsyncGenerator<Row> {
  for (let i = 0; i < n; i++) {
    yield {
      fecha: day(i),
      comprobante: `FC A 0003-${String(i + 1).padStart(8, '0')}`,
      cliente: i % 2 ? 'Pérez Hnos. S.H.' : 'Ñandú Agro S.A.',
      kilos: i * 1000,
      importe: (1234567.89 + i).toFixed(2),
    };
  }
}

/** A writable that collects everything, slowly (to exercise backpressure). */
class SlowSink extends Writable {
  readonly chunks: Buffer[] = [];
  constructor() {
    super({ highWaterMark: 16 * 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk);
    setTimeout(callback, 1);
  }
  get buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

let dir: string;
let cleanup: () => Promise<void>;
before(async () => ({ dir, cleanup } = await tempDir()));
after(() => cleanup());

describe('writeTableXlsx', () => {
  test('1,000 rows read back with numbers, real dates, text and the header', async () => {
    const file = path.join(dir, 'list.xlsx');
    const sheet = { title: 'Facturas: noviembre/2026', columns, totals: ['importe'] };
    await writeTableXlsx(createWriteStream(file), sheet, rows(1000));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0];
    assert.ok(ws);
    assert.equal(ws.name, 'Facturas noviembre 2026');
    assert.deepEqual(
      (ws.getRow(1).values as unknown[]).slice(1),
      ['Fecha', 'Comprobante', 'Razón social', 'Kilos', 'Importe'],
    );
    assert.equal(ws.getRow(1).font?.bold, true);
    assert.equal(ws.rowCount, 1 + 1000 + 1);

    for (const i of [0, 1, 500, 999]) {
      const r: ExcelJS.Row = ws.getRow(i + 2);
      const date: ExcelJS.CellValue = r.getCell(1).value;
      assert.ok(date instanceof Date, `row ${i}: a date, got ${String(date)}`);
      assert.equal(date.toISOString().slice(0, 10), day(i));
      assert.equal(r.getCell(1).numFmt, 'dd/mm/yyyy');
      assert.equal(r.getCell(2).value, `FC A 0003-${String(i + 1).padStart(8, '0')}`);
      assert.equal(r.getCell(3).value, i % 2 ? 'Pérez Hnos. S.H.' : 'Ñandú Agro S.A.');
      assert.equal(typeof r.getCell(4).value, 'number');
      assert.equal(r.getCell(4).value, i * 1000);
      assert.equal(r.getCell(4).numFmt, '#,##0');
      assert.equal(typeof r.getCell(5).value, 'number');
      assert.equal(r.getCell(5).value, Number((1234567.89 + i).toFixed(2)));
      assert.match(String(r.getCell(5).numFmt), /#,##0\.00/);
    }

    const totals = ws.getRow(1002);
    assert.equal(totals.getCell(1).value, 'Totales');
    const sum = totals.getCell(5).value as ExcelJS.CellFormulaValue;
    assert.equal(sum.formula, 'SUM(E2:E1001)');
    assert.equal(sum.result, 1234567890 + (999 * 1000) / 2);
  });

  test('waits for a slow output: rows are pulled only as fast as the file is written', async () => {
    const sink = new SlowSink();
    let writtenAtLastPull = 0;
    async function* counted(): AsyncGenerator<Row> {
      for await (const row of rows(20_000)) {
        writtenAtLastPull = sink.chunks.reduce((a, c) => a + c.length, 0);
        yield row;
      }
    }
    await writeTableXlsx(sink, { title: 'Lento', columns }, counted());
    const total = sink.buffer.length;
    assert.ok(writtenAtLastPull > total / 2, `only ${writtenAtLastPull} of ${total} bytes out at the last row`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sink.buffer as unknown as ExcelJS.Buffer);
    assert.equal(wb.worksheets[0]?.rowCount, 20_001);
  });
});

test('XLSX quantities keep the decimals they have: 6, 12,5 and 0,125 as numbers', async () => {
  const file = path.join(dir, 'quantities.xlsx');
  const cols: Column[] = [{ key: 'p', header: 'Producto', type: 'text' }, { key: 'q', header: 'A entregar', type: 'quantity' }];
  await writeTableXlsx(createWriteStream(file), { title: 'Cantidades', columns: cols }, [{ p: 'a', q: '6.000' }, { p: 'b', q: 12.5 }, { p: 'c', q: '0.125' }]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0]!;
  assert.deepEqual([2, 3, 4].map((r) => ws.getRow(r).getCell(2).value), [6, 12.5, 0.125]);
  assert.deepEqual([2, 3, 4].map((r) => ws.getRow(r).getCell(2).numFmt), ['#,##0', '#,##0.0', '#,##0.000']);
});

describe('writeTablePdf', () => {
  test('300 rows: headers on every page, es-AR amounts, running page numbers and totals', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeTablePdf(
      out,
      { title: 'Facturas emitidas', subtitle: 'Noviembre de 2026', company: TEST_COMPANY, columns, totals: true },
      rows(300),
    );
    const pdf = Buffer.concat(chunks);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const text = await pdfText(pdf);
    const pages = text.split('\f').filter((p) => p.trim());
    assert.ok(pages.length >= 2);
    for (const [i, page] of pages.entries()) {
      assert.ok(page.includes('Razón social') && page.includes('Importe'), `headers on page ${i + 1}`);
      assert.ok(page.includes('Facturas emitidas'));
      assert.ok(page.includes(`Página ${i + 1}`));
    }
    assert.ok(text.includes('Página 2'));
    assert.ok(text.includes('$ 1.234.567,89'), 'es-AR money');
    assert.ok(text.includes('299.000'), 'es-AR thousands');
    assert.ok(text.includes('21/11/2026') || text.includes('01/01/2026'), 'DD/MM/YYYY dates');
    assert.ok(text.includes('Ñandú Agro S.A.') && text.includes('Pérez Hnos. S.H.'));
    assert.match(text, /Totales\s+44\.850\.000\s+\$ 370\.415\.217,00/);
  });

  test('a header wider than its column wraps whole; quantities print with the decimals they have', async () => {
    const narrow: Column[] = [
      { key: 'producto', header: 'Producto', type: 'text', width: 3 },
      { key: 'a', header: 'Depósito central Santa Rosa', type: 'quantity', width: 0.8 },
      { key: 'b', header: 'Sucursal General Pico', type: 'quantity', width: 0.8 },
    ];
    const sink = new SlowSink();
    await writeTablePdf(sink, { title: 'Pendientes', company: TEST_COMPANY, columns: narrow }, [
      { producto: 'Urea granulada', a: '6.000', b: 12.5 },
      { producto: 'Glifosato', a: '1250.000', b: '0.125' },
    ]);
    const text = await pdfText(sink.buffer);
    const head = text.slice(text.indexOf('Producto'), text.indexOf('Urea'));
    assert.doesNotMatch(head, /…/);
    for (const word of ['Depósito', 'central', 'Santa', 'Rosa', 'Sucursal', 'General', 'Pico']) assert.match(head, new RegExp(`\\b${word}\\b`), word);
    assert.match(text, /Urea granulada\s+6\s+12,5\n/);
    assert.match(text, /Glifosato\s+1\.250\s+0,125\n/);
  });

  test('an empty list still makes a one-page PDF', async () => {
    const sink = new SlowSink();
    await writeTablePdf(sink, { title: 'Sin datos', company: TEST_COMPANY, columns }, []);
    const text = await pdfText(sink.buffer);
    assert.ok(text.includes('No hay datos para mostrar.'));
    assert.ok(text.includes('Página 1'));
  });

  test('waits for a slow output: rows are pulled only as fast as pages are written', async () => {
    const sink = new SlowSink();
    let pulled = 0;
    let writtenAtLastPull = 0;
    async function* counted(): AsyncGenerator<Row> {
      for await (const row of rows(2000)) {
        pulled++;
        writtenAtLastPull = sink.chunks.reduce((a, c) => a + c.length, 0);
        yield row;
      }
    }
    await writeTablePdf(sink, { title: 'Lento', company: TEST_COMPANY, columns }, counted());
    assert.equal(pulled, 2000);
    const total = sink.buffer.length;
    assert.ok(writtenAtLastPull > total / 2, `only ${writtenAtLastPull} of ${total} bytes out at the last row`);
    assert.ok((await pdfText(sink.buffer)).includes('FC A 0003-00002000'));
  });
});

describe('a client that goes away', () => {
  function closingOutput(): PassThrough {
    const out = new PassThrough();
    out.once('data', () => out.destroy());
    return out;
  }

  test('stops the XLSX export with OutputClosedError', async () => {
    await assert.rejects(writeTableXlsx(closingOutput(), { title: 'x', columns }, rows(100_000)), OutputClosedError);
  });

  test('stops the PDF export with OutputClosedError', async () => {
    const meta = { title: 'x', company: TEST_COMPANY, columns };
    await assert.rejects(writeTablePdf(closingOutput(), meta, rows(10_000)), OutputClosedError);
  });
});
