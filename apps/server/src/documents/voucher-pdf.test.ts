import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderOrderPdf } from './order-pdf.js';
import { TEST_COMPANY, pdfText } from './test-support.js';
import { type VoucherDocument, type VoucherProductLine, renderVoucherPdf } from './voucher-pdf.js';

function line(i: number): VoucherProductLine {
  return {
    code: `SEM${String(i).padStart(3, '0')}`,
    description: i === 0 ? 'Semilla de maíz híbrido' : `Fertilizante fosfatado ${i} – bolsa de 50 kg`,
    quantity: '1500.000',
    unit: 'kg',
    unitPrice: '823.0453',
    discountPercent: '2.50',
    amount: '1234567.89',
  };
}

function facturaA(lines: number): VoucherDocument {
  return {
    title: 'Factura',
    letter: 'A',
    tvdgi: 1,
    pointOfSale: 3,
    number: 1234,
    date: '2026-11-21',
    dueDate: '2026-12-21',
    currency: 'ARS',
    customer: {
      name: 'Pérez Hnos. S.H.',
      cuit: '20123456786',
      ivaCondition: 'IVA Responsable Inscripto',
      address: 'Ruta 8 km 220, Colón, Buenos Aires',
    },
    saleCondition: 'Cuenta corriente 30 días',
    productLines: Array.from({ length: lines }, (_, i) => line(i)),
    otherLines: [],
    net: '2469135.78',
    vat21: '518518.51',
    vat105: '0',
    otherTaxes: '24691.36',
    total: '3012345.65',
    cae: '75123456789012',
    caeDue: '2026-12-01',
    detail: 'Entrega en la planta de acopio Ñandú.\nPago con cheque diferido.',
  };
}

describe('renderVoucherPdf', () => {
  test('a Factura A prints header, customer, lines, totals and CAE with accents intact', async () => {
    const pdf = await renderVoucherPdf(facturaA(2), TEST_COMPANY);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const text = await pdfText(pdf);
    for (const expected of [
      'FACTURA',
      'COD. 01',
      'Punto de venta: 00003',
      'Comp. Nro: 00001234',
      'Fecha de emisión: 21/11/2026',
      'Cooperativa Agropecuaria Ñandú',
      'IVA Responsable Inscripto',
      'CUIT: 30-71234567-1',
      'Ingresos Brutos: 901-123456-7',
      'Inicio de actividades: 01/03/1998',
      'Pérez Hnos. S.H.',
      '20-12345678-6',
      'Cuenta corriente 30 días',
      'Vencimiento: 21/12/2026',
      'Semilla de maíz híbrido',
      '1.500',
      '823,0453',
      '2,50',
      '1.234.567,89',
      'Importe neto gravado',
      '$ 2.469.135,78',
      'IVA 21 %',
      '$ 518.518,51',
      'Percepciones / otros tributos',
      '$ 3.012.345,65',
      'Observaciones',
      'Entrega en la planta de acopio Ñandú.\n',
      'Pago con cheque diferido.',
      'CAE N°: 75123456789012',
      'Fecha de vto. de CAE: 01/12/2026',
      'Página 1 de 1',
    ]) {
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in:\n${text}`);
    }
    assert.ok(!text.includes('IVA 10,5'), 'a zero IVA 10,5 % is not printed');
  });

  test('80 lines overflow onto more pages, each with the table header', async () => {
    const text = await pdfText(await renderVoucherPdf(facturaA(80), TEST_COMPANY));
    const pages = text.split('\f').filter((p) => p.trim());
    assert.ok(pages.length >= 2, `expected several pages, got ${pages.length}`);
    assert.ok(text.includes('Página 2 de'));
    for (const page of pages) {
      assert.ok(page.includes('Descripción') && page.includes('Subtotal'), 'table header on every page');
      assert.ok(page.includes('Comp. Nro: 00001234'), 'document header on every page');
    }
    assert.ok(text.includes('SEM079'), 'the last line is printed');
    assert.equal(text.match(/CAE N°/g)?.length, 1, 'CAE once, on the last page');
  });

  test('a Factura B without CAE prints no CAE and shows the IVA contained', async () => {
    const v: VoucherDocument = { ...facturaA(1), letter: 'B', tvdgi: 6, cae: null, caeDue: null, otherTaxes: '0' };
    const text = await pdfText(await renderVoucherPdf(v, TEST_COMPANY));
    assert.ok(text.includes('COD. 06'));
    assert.ok(!text.includes('CAE'), text);
    assert.ok(!text.includes('Percepciones'), 'zero other taxes are not printed');
    assert.ok(text.includes('IVA contenido: $ 518.518,51'));
    assert.ok(text.includes('Subtotal:'));
  });

  test('a receipt in dollars lists its other lines', async () => {
    const v: VoucherDocument = {
      ...facturaA(0),
      title: 'Recibo',
      letter: 'X',
      tvdgi: null,
      currency: 'USD',
      otherLines: [
        { description: 'Cancelación FC A 0003-00001234', amount: '1500000.5' },
        { description: 'Retención de Ganancias', amount: '-1250' },
      ],
      net: '1499000.5',
      vat21: '0',
      vat105: '0',
      otherTaxes: '0',
      total: '1499000.5',
      cae: null,
      customer: { ...facturaA(0).customer, name: 'Pérez Hnos. S.H. 🌽 北' },
    };
    const text = await pdfText(await renderVoucherPdf(v, TEST_COMPANY));
    for (const expected of [
      'Pérez Hnos. S.H. ? ?',
      'RECIBO',
      'DOCUMENTO NO VÁLIDO COMO FACTURA',
      'Cancelación FC A 0003-00001234',
      '1.500.000,50',
      '-1.250,00',
      'U$S 1.499.000,50',
      'Dólares estadounidenses',
    ]) {
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in:\n${text}`);
    }
    assert.ok(!text.includes('COD.'));
    assert.ok(!text.includes('Cantidad'), 'the product table is not used');
  });

  test('a receipt has no VAT: its payments, the documents it is applied to apart, and the total received, never a net taxed amount', async () => {
    const v: VoucherDocument = {
      ...facturaA(0),
      title: 'Recibo',
      letter: 'X',
      tvdgi: null,
      otherLines: [{ description: 'Transferencia bancaria — N° de operación: 004512339', amount: '150000.00' }],
      appliedLines: [
        { description: 'Factura A 00003-00001234', amount: '120000.00' },
        { description: 'Pago a cuenta', amount: '30000.00' },
      ],
      net: null,
      vat21: '0',
      vat105: '0',
      otherTaxes: '0',
      total: '150000.00',
      totalLabel: 'Total recibido',
      cae: null,
    };
    const text = await pdfText(await renderVoucherPdf(v, TEST_COMPANY));
    assert.ok(!text.includes('Importe neto gravado'), text);
    assert.doesNotMatch(text, /IVA (21|10,5) %|IVA contenido/);
    assert.match(text, /Total recibido:\s+\$ 150\.000,00/);
    assert.match(text, /Transferencia bancaria — N° de operación: 004512339\s+150\.000,00/);
    assert.match(text, /Aplicado a\s+Importe/);
    assert.match(text, /Factura A 00003-00001234\s+120\.000,00/);
    assert.match(text, /Pago a cuenta\s+30\.000,00/);
    // Each amount of the payments table is printed once: the applied documents are not more payments.
    assert.equal(text.split('150.000,00').length - 1, 2, 'the payment line and the total');
  });

  test('an order is a letter X document with its delivery date', async () => {
    const pdf = await renderOrderPdf(
      {
        number: 587,
        date: '2026-11-21',
        deliveryDate: '2026-11-28',
        currency: 'ARS',
        customer: {
          name: 'Ñandú Agro S.A.',
          cuit: '30712345671',
          ivaCondition: 'IVA Responsable Inscripto',
          address: null,
        },
        saleCondition: 'Contado',
        lines: [line(0)],
        net: '1234567.89',
        vat21: '259259.26',
        vat105: '0',
        total: '1493827.15',
        extraFields: [{ label: 'Vendedor', value: 'Juan Gómez' }],
      },
      TEST_COMPANY,
    );
    const text = await pdfText(pdf);
    for (const expected of ['NOTA DE PEDIDO', 'Nro: 00000587', 'Fecha de entrega: 28/11/2026', 'Juan Gómez', 'X']) {
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in:\n${text}`);
    }
    assert.ok(!text.includes('CAE') && !text.includes('COD.') && !text.includes('Punto de venta'));
  });
});
