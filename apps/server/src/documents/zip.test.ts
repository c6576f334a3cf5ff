import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { OutputClosedError } from './stream-util.js';
import { TEST_COMPANY, readZip } from './test-support.js';
import { renderVoucherPdf } from './voucher-pdf.js';
import type { VoucherDocument } from './voucher-pdf.js';
import { UniqueNames, type ZipEntry, writeZip } from './zip.js';

function voucher(number: number): VoucherDocument {
  return {
    title: 'Factura',
    letter: 'B',
    tvdgi: 6,
    pointOfSale: 3,
    number,
    date: '2026-11-21',
    currency: 'ARS',
    customer: { name: 'Pérez Hnos. S.H.', cuit: '20123456786', ivaCondition: 'Consumidor Final', address: null },
    saleCondition: 'Contado',
    productLines: [],
    otherLines: [{ description: 'Servicio de secado', amount: '1000' }],
    net: '826.45',
    vat21: '173.55',
    vat105: '0',
    otherTaxes: '0',
    total: '1000',
  };
}

async function collect(write: (out: PassThrough) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}

describe('writeZip', () => {
  test('three PDFs (buffers and a stream) with duplicate names made unique', async () => {
    const pdfs = await Promise.all([1, 2, 3].map((n) => renderVoucherPdf(voucher(n), TEST_COMPANY)));
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: 'FC-B-3-1.pdf', data: pdfs[0] as Buffer };
      yield { name: 'FC-B-3-1.pdf', data: pdfs[1] as Buffer };
      yield { name: 'Resumen de cuenta – Ñandú.pdf', data: Readable.from([pdfs[2] as Buffer]) };
    }
    const zip = await collect((out) => writeZip(out, entries()));
    const read = readZip(zip);
    assert.deepEqual(
      read.map((e) => e.name),
      ['FC-B-3-1.pdf', 'FC-B-3-1 (2).pdf', 'Resumen de cuenta – Ñandú.pdf'],
    );
    read.forEach((e, i) => {
      assert.equal(e.data.subarray(0, 5).toString(), '%PDF-');
      assert.ok(e.data.equals(pdfs[i] as Buffer), `entry ${i} intact`);
    });
  });

  test('an empty list makes a valid empty zip', async () => {
    const zip = await collect((out) => writeZip(out, []));
    assert.deepEqual(readZip(zip), []);
  });

  test('a failing entry stream rejects', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    const out = new PassThrough();
    out.resume();
    await assert.rejects(writeZip(out, [{ name: 'a.pdf', data: failing }]), /disk gone/);
  });
  test('a client that goes away stops the zip with OutputClosedError', async () => {
    const pdf = await renderVoucherPdf(voucher(1), TEST_COMPANY);
    const out = new PassThrough();
    out.once('data', () => out.destroy());
    async function* many(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 1000; i++) yield { name: `FC-${i}.pdf`, data: Readable.from([pdf]) };
    }
    await assert.rejects(writeZip(out, many()), OutputClosedError);
  });
});

describe('UniqueNames', () => {
  test('numbers duplicates before the extension, case-insensitively, and cleans names', () => {
    const names = new UniqueNames();
    assert.equal(names.next('a.pdf'), 'a.pdf');
    assert.equal(names.next('A.pdf'), 'A (2).pdf');
    assert.equal(names.next('a.pdf'), 'a (3).pdf');
    assert.equal(names.next('a (2).pdf'), 'a (2) (2).pdf');
    assert.equal(names.next('sin extension'), 'sin extension');
    assert.equal(names.next('sin extension'), 'sin extension (2)');
    assert.equal(names.next('../../etc/passwd'), '_.._etc_passwd');
    assert.equal(names.next('a:b*c?.pdf'), 'a_b_c_.pdf');
    assert.equal(names.next(''), 'archivo');
  });
});
