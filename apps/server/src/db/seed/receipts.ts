import Decimal from 'decimal.js';
import { formatMoney, LEDGER_CODE, todayInArgentina } from '@portal/contract';
import type { DB } from '../database.js';
import type { DemoSize } from './demo-size.js';
import { Random } from './random.js';
import { writeReceiptLines } from '../../lib/receipt-lines.js';

/**
 * Receipts and voucher authorization: each company's payment methods (transfer, cheque, e-cheq with a required
 * file, cash, withholdings), a few unapplied credit notes for the demo's customers, receipts in both states, and
 * stock vouchers waiting for an authorizer (plus a few already decided).
 */

type Field = {
  key: string; label: string; type: 'input' | 'select' | 'date' | 'checkbox'; input?: 'text' | 'number' | 'file' | 'cuit';
  suma?: boolean; required?: boolean; requiredFile?: boolean; placeholder?: string; options?: string[]; value?: string; idEp?: string;
};
const BANKS = ['Banco de la Nación Argentina', 'Banco de La Pampa', 'Banco Galicia', 'Banco Santander', 'Banco Credicoop', 'BBVA'];
const opts = (names: string[]) => names.map((d, i) => ({ id: String(i + 1), descripcion: d }));
const importe: Field = { key: 'importe', label: 'Importe', type: 'input', input: 'number', suma: true, required: true, placeholder: '0,00' };

export const PAYMENT_METHODS: Array<{ code: number; name: string; fields: Field[] }> = [
  {
    code: 1, name: 'Transferencia bancaria',
    fields: [
      { key: 'banco', label: 'Banco de origen', type: 'select', required: true, options: BANKS },
      { key: 'fecha', label: 'Fecha de la transferencia', type: 'date', required: true },
      { key: 'operacion', label: 'N° de operación', type: 'input', input: 'text', required: true, placeholder: 'Ej. 004512339' },
      importe,
      { key: 'comprobante', label: 'Comprobante de la transferencia', type: 'input', input: 'file' },
    ],
  },
  {
    code: 2, name: 'E-cheq',
    fields: [
      { key: 'banco', label: 'Banco emisor', type: 'select', required: true, options: BANKS },
      { key: 'numero', label: 'N° de e-cheq', type: 'input', input: 'text', required: true, idEp: 'es_echeq', placeholder: 'Ej. 10293847' },
      { key: 'vencimiento', label: 'Fecha de pago', type: 'date', required: true },
      { key: 'cuit_librador', label: 'CUIT del librador', type: 'input', input: 'cuit', placeholder: '11 dígitos' },
      importe,
      { key: 'archivo', label: 'Comprobante del e-cheq', type: 'input', input: 'file', requiredFile: true, idEp: 'es_echeq' },
    ],
  },
  {
    code: 3, name: 'Cheque',
    fields: [
      { key: 'banco', label: 'Banco', type: 'select', required: true, options: BANKS },
      { key: 'numero', label: 'N° de cheque', type: 'input', input: 'text', required: true },
      { key: 'vencimiento', label: 'Fecha de pago', type: 'date', required: true },
      { key: 'a_la_orden', label: 'Cheque a la orden', type: 'checkbox', value: 'true' },
      importe,
    ],
  },
  { code: 4, name: 'Efectivo', fields: [importe] },
  {
    code: 5, name: 'Retenciones',
    fields: [
      { key: 'tipo', label: 'Tipo de retención', type: 'select', required: true, options: ['Ganancias', 'IVA', 'Ingresos Brutos'] },
      { key: 'certificado', label: 'N° de certificado', type: 'input', input: 'text', required: true },
      importe,
      { key: 'constancia', label: 'Constancia de retención', type: 'input', input: 'file' },
    ],
  },
];

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const VOUCHERS: Record<DemoSize, number> = { small: 16, demo: 24, large: 60 };
const STOCK_KINDS: Array<[string, string]> = [
  ['REM', 'Remito de venta'],
  ['DEV', 'Devolución de mercadería'],
  ['AJS', 'Ajuste de stock'],
  ['TRF', 'Transferencia entre depósitos'],
];
const ITEMS: Array<[string, number]> = [
  ['Glifosato 66,2 % x 20 l', 98_500],
  ['Semilla de soja DM 46i20 x 40 kg', 61_200],
  ['Urea granulada x 50 kg', 38_900],
  ['Fosfato diamónico x 50 kg', 52_300],
  ['Atrazina 90 % x 10 kg', 44_700],
  ['Gasoil grado 2 (litro)', 1_180],
  ['Alambre liso 17/15 x 1000 m', 165_000],
  ['Silo bolsa 9 pies x 60 m', 412_000],
];

export async function seedReceiptsData(trx: DB, size: DemoSize, rich: Set<number>): Promise<void> {
  const rnd = new Random(11_2412);
  const today = todayInArgentina();
  const companies = await trx.selectFrom('companies').select(['id', 'cuit']).orderBy('id').execute();
  for (const company of companies) {
    for (const [i, m] of PAYMENT_METHODS.entries()) {
      const { id } = await trx.insertInto('payment_methods').values({ company_id: company.id, code: m.code, name: m.name, sort_order: i + 1 }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('payment_method_fields')
        .values(
          m.fields.map((f, j) => ({
            company_id: company.id, method_id: id, field_key: f.key, id_ep: f.idEp ?? null, label: f.label, type: f.type, input_type: f.input ?? 'text',
            suma: f.suma ?? false, required: f.required ?? false, required_file: f.requiredFile ?? false, placeholder: f.placeholder ?? null,
            options: f.options ? JSON.stringify(opts(f.options)) : null, default_value: f.value ?? null, sort_order: j + 1,
          })),
        )
        .execute();
    }
  }

  const users = await trx.selectFrom('users').select(['id', 'username']).where('username', 'in', ['productor', 'autorizador', 'admin']).execute();
  const userId = (u: string) => users.find((x) => x.username === u)?.id ?? null;
  const richIds = [...rich].sort((a, b) => a - b);
  for (const entityId of richIds) {
    const entity = await trx.selectFrom('entities').select(['company_id']).where('id', '=', entityId).executeTakeFirstOrThrow();
    const companyId = entity.company_id;
    // An unapplied credit note (negative outstanding: §5's second rule).
    const ncNumber = 90_000 + entityId;
    await trx
      .insertInto('account_movements')
      .values({
        company_id: companyId, entity_id: entityId, date: addDays(today, -rnd.int(5, 40)), voucher_code: LEDGER_CODE.creditNote, voucher_name: 'Nota de crédito A', series: 3,
        number: ncNumber, letter: 'A', detail: 'Bonificación comercial pendiente de aplicar', currency: 'ARS', amount: (-(rnd.int(40_000, 180_000) + 0.5)).toFixed(2),
        due_date: null, settled: false, afip_type: 3, printable: true,
      })
      .execute();

    // Two receipts: an approved one (older) and one pending approval, each paying part of an unsettled invoice.
    const docs = await trx
      .selectFrom('account_movements')
      .select(['id', 'amount', 'date'])
      .where('company_id', '=', companyId)
      .where('entity_id', '=', entityId)
      .where('voucher_code', '=', LEDGER_CODE.invoice)
      .where('currency', '=', 'ARS')
      .where('settled', '=', false)
      .orderBy('date')
      .limit(2)
      .execute();
    let number = (await trx.selectFrom('receipts').select(({ fn }) => fn.max('number').as('n')).where('company_id', '=', companyId).executeTakeFirst())?.n ?? 0;
    const methods = await trx.selectFrom('payment_methods').select(['id', 'code']).where('company_id', '=', companyId).execute();
    for (const [k, doc] of docs.entries()) {
      const approved = k === 0;
      number = Number(number) + 1;
      const paid = new Decimal(doc.amount).times(approved ? '0.5' : '0.25').toDecimalPlaces(2);
      const date = approved ? addDays(today, -12) : addDays(today, -1);
      // Only the approved receipt is in the ledger: a pending one reaches it when staff approve it.
      const movement = approved
        ? await trx
            .insertInto('account_movements')
            .values({
              company_id: companyId, entity_id: entityId, date, time: '10:30', voucher_code: LEDGER_CODE.receipt, voucher_name: 'Recibo', series: 2, number,
              letter: null, detail: 'Cobranza por el portal', currency: 'ARS', amount: paid.negated().toFixed(2), due_date: null, settled: true, printable: true,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : null;
      const receipt = await trx
        .insertInto('receipts')
        .values({
          company_id: companyId, entity_id: entityId, series: 2, number, date, status: approved ? 'approved' : 'pending', total_selected: paid.toFixed(2),
          total_collected: paid.toFixed(2), observations: approved ? 'Pago parcial de la factura' : null, user_id: userId('productor'),
          idempotency_key: `seed-${entityId}-${k}`, movement_id: movement?.id ?? null, approved_at: approved ? new Date(`${addDays(today, -10)}T14:00:00Z`) : null,
          approved_by: approved ? userId('autorizador') : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('receipt_applications').values({ company_id: companyId, receipt_id: receipt.id, movement_id: doc.id, amount: paid.toFixed(2) }).execute();
      const method = methods.find((m) => m.code === (approved ? 1 : 3))!;
      const fields = approved
        ? [
            { id: 'banco', label: 'Banco de origen', value: 'Banco de La Pampa' },
            { id: 'fecha', label: 'Fecha de la transferencia', value: date.split('-').reverse().join('/') },
            { id: 'operacion', label: 'N° de operación', value: String(rnd.int(1_000_000, 9_999_999)) },
            { id: 'importe', label: 'Importe', value: formatMoney(paid.toFixed(2)) },
          ]
        : [
            { id: 'banco', label: 'Banco', value: 'Banco de la Nación Argentina' },
            { id: 'numero', label: 'N° de cheque', value: String(rnd.int(10_000_000, 99_999_999)) },
            { id: 'vencimiento', label: 'Fecha de pago', value: addDays(today, 30).split('-').reverse().join('/') },
            { id: 'a_la_orden', label: 'Cheque a la orden', value: 'Sí' },
          ];
      await trx.insertInto('receipt_payments').values({ company_id: companyId, receipt_id: receipt.id, line_no: 1, method_id: method.id, amount: paid.toFixed(2), fields: JSON.stringify(fields) }).execute();
      if (movement) await writeReceiptLines(trx, companyId, receipt.id, movement.id);
    }
  }

  // Stock vouchers waiting for authorization in every company, spread over its customers, sellers and zones.
  for (const company of companies) {
    const entities = await trx.selectFrom('entities').select(['id', 'seller_id']).where('company_id', '=', company.id).where('active', '=', true).orderBy('code').limit(40).execute();
    const sellers = await trx.selectFrom('sellers').select(['id', 'code', 'zone_id']).where('company_id', '=', company.id).orderBy('code').execute();
    if (!entities.length) continue;
    const count = VOUCHERS[size];
    for (let i = 0; i < count; i++) {
      const entity = i < 6 ? entities[i % Math.min(entities.length, 6)]! : rnd.pick(entities);
      const seller = sellers.find((s) => s.code === entity.seller_id) ?? (sellers.length ? rnd.pick(sellers) : null);
      const [code, name] = STOCK_KINDS[i % STOCK_KINDS.length]!;
      const decided = i >= count - 4;
      const lines = Array.from({ length: rnd.int(1, 3) }, () => {
        const [description, price] = rnd.pick(ITEMS);
        const quantity = rnd.int(1, 40);
        return { description, quantity: String(quantity), amount: new Decimal(price).times(quantity).toFixed(2) };
      });
      const amount = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
      const { id } = await trx
        .insertInto('stock_vouchers')
        .values({
          company_id: company.id, entity_id: entity.id, seller_id: seller?.id ?? null, zone_id: seller?.zone_id ?? null, date: addDays(today, -rnd.int(0, 20)),
          voucher_code: code, voucher_name: name, series: 1, number: 4_000 + i, order_number: rnd.chance(0.6) ? 10_000 + rnd.int(0, 500) : null,
          detail: rnd.pick(['Entrega en campo', 'Retira el cliente', 'Excede el límite de crédito', 'Precio fuera de lista', 'Devolución por producto dañado']),
          created_by: rnd.pick(['Martín Acosta', 'Sergio Luna', 'Raúl Medina']), amount: amount.toFixed(2),
          status: decided ? (i % 2 ? 'authorized' : 'rejected') : 'pending', decided_by: decided ? userId('autorizador') : null,
          decided_at: decided ? new Date(`${addDays(today, -1)}T15:00:00Z`) : null, reason: decided ? (i % 2 ? 'Cliente al día' : 'Supera el límite de crédito') : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('stock_voucher_lines').values(lines.map((l, j) => ({ voucher_id: id, line_no: j + 1, ...l }))).execute();
    }
  }
}
