import Decimal from 'decimal.js';
import { CONTRACT_CODCOM, contractMsg, fiscalMsg, formatDateSlash, formatNumber, GRAIN_VOUCHERS, voucherNumberText, type VoucherKey } from '@portal/contract';
import { renderVoucherPdf, type VoucherProductLine } from '../../documents/index.js';
import type { DB } from '../../db/database.js';
import type { EntityScope } from '../../lib/identity.js';
import { notFound } from '../../lib/http-errors.js';
import { companyHeader, entityHeader } from '../fiscal/index.js';
import { toCompanyHeader } from '../fiscal/index.js';
import type { PrintRegistry } from '../../lib/print-registry.js';
import * as repo from './repository.js';
import { PRICING_TEXT, statusOf } from './service.js';

/**
 * The contracts' print options (imprime1 / imprime2) as real PDFs, served by GET /proxy/imprime: the contract
 * ('Contrato de compraventa', codcom CT) and a grain settlement applied to it (1116B/C 'LB' or parcial 'LP'),
 * both on the voucher layout, not fiscal (letter X). Prices are per tonne, quantities in tonnes with the kilograms
 * beside them.
 */

const tons = (kilos: Decimal.Value) => new Decimal(kilos).div(1000);

function customerOf(e: Awaited<ReturnType<typeof entityHeader>>) {
  return {
    name: e.name,
    cuit: e.cuit,
    // Grain producers selling under contract are registered VAT taxpayers.
    ivaCondition: 'IVA Responsable Inscripto',
    address: [e.locality, e.province].filter(Boolean).join(', ') || null,
    code: String(e.code),
  };
}

async function ownContract(db: DB, scope: EntityScope, series: number, number: number) {
  const found = await repo.findContract(db, scope.companyId, series, number);
  // Another entity's contract is answered as one that does not exist: ids cannot be probed.
  if (!found || found.entity_id !== scope.entityId) throw notFound(contractMsg.comprobanteInexistente);
  return (await repo.contractById(db, scope, found.id))!;
}

export async function renderContractPdf(db: DB, scope: EntityScope, key: VoucherKey) {
  const c = await ownContract(db, scope, key.codtal, key.numero);
  if (!c.printable) return null;
  const [company, entity, fixings] = await Promise.all([companyHeader(db, scope.companyId), entityHeader(db, scope), repo.fixingsOf(db, scope.companyId, [c.id])]);
  const product = `${c.grain_name} — cosecha ${c.harvest}`;
  const lines: VoucherProductLine[] = [];
  if (c.pricing === 'hecho') {
    const amount = tons(c.kilos).times(c.price ?? 0).toDecimalPlaces(2);
    lines.push({ code: c.grain, description: product, quantity: tons(c.kilos).toFixed(3), unit: 'tn', unitPrice: c.price ?? '0', discountPercent: '0', amount: amount.toFixed(2) });
  } else {
    let fixed = new Decimal(0);
    for (const f of fixings.get(c.id) ?? []) {
      fixed = fixed.plus(f.kilos);
      lines.push({
        code: c.grain, description: `${product} — fijación del ${formatDateSlash(f.date)}`, quantity: tons(f.kilos).toFixed(3), unit: 'tn',
        unitPrice: f.price, discountPercent: '0', amount: tons(f.kilos).times(f.price).toDecimalPlaces(2).toFixed(2),
      });
    }
    const open = new Decimal(c.kilos).minus(fixed);
    if (open.gt(0)) lines.push({ code: c.grain, description: `${product} — precio a fijar`, quantity: tons(open).toFixed(3), unit: 'tn', unitPrice: '0', discountPercent: '0', amount: '0' });
  }
  const total = lines.reduce((a, l) => a.plus(l.amount), new Decimal(0)).toFixed(2);
  const pdf = await renderVoucherPdf(
    {
      title: 'Contrato', letter: 'X', tvdgi: null, pointOfSale: c.series, number: c.number, date: c.date, dueDate: null,
      currency: c.currency, customer: customerOf(entity), saleCondition: PRICING_TEXT[c.pricing], productLines: lines, otherLines: [],
      net: total, vat21: 0, vat105: 0, otherTaxes: 0, total, cae: null, caeDue: null,
      detail: `Precios por tonelada, IVA no incluido. Estado: ${statusOf(c)}. Entregados ${formatNumber(c.delivered, 0)} kg de ${formatNumber(c.kilos, 0)} kg.`,
      extraFields: [
        { label: 'Operación', value: 'Compraventa de granos' },
        { label: 'Cosecha', value: c.harvest },
        { label: 'Kilos', value: `${formatNumber(c.kilos, 0)} kg` },
        ...(c.delivery_from && c.delivery_to ? [{ label: 'Entrega', value: `${formatDateSlash(c.delivery_from)} al ${formatDateSlash(c.delivery_to)}` }] : []),
        ...(c.destination ? [{ label: 'Destino', value: c.destination }] : []),
        ...(c.broker_slip ? [{ label: 'Boleto', value: c.broker_slip }] : []),
      ],
    },
    toCompanyHeader(company),
  );
  return { fileName: `Contrato ${voucherNumberText(c.series, c.number)}.pdf`, pdf };
}

export async function renderSettlementPdf(db: DB, scope: EntityScope, key: VoucherKey) {
  const kind = GRAIN_VOUCHERS.find((v) => v.codcom === key.codcom)!;
  const s = await repo.findSettlement(db, scope, kind.kind, key.codtal, key.numero);
  if (!s || s.entity_id !== scope.entityId) throw notFound(fiscalMsg.comprobanteInexistente);
  // Only settlements applied to contracts have a price to print: one line per contract, at its price.
  const applied = await repo.applicationsOf(db, scope.companyId, s.id);
  if (applied.length === 0) return null;
  const contracts = await Promise.all(applied.map(async (a) => ({ kilos: a.kilos, c: (await repo.contractById(db, scope, a.contract_id))! })));
  const [company, entity] = await Promise.all([companyHeader(db, scope.companyId), entityHeader(db, scope)]);
  const lines: VoucherProductLine[] = contracts.map(({ kilos, c }) => {
    const price = c.price_shown ?? '0';
    return {
      code: c.grain, description: `${c.grain_name} ${s.harvest} — contrato ${voucherNumberText(c.series, c.number)}${c.price_shown ? '' : ' (precio a fijar)'}`,
      quantity: tons(kilos).toFixed(3), unit: 'tn', unitPrice: price, discountPercent: '0', amount: tons(kilos).times(price).toDecimalPlaces(2).toFixed(2),
    };
  });
  const total = lines.reduce((a, l) => a.plus(l.amount), new Decimal(0)).toFixed(2);
  const pdf = await renderVoucherPdf(
    {
      title: 'Liquidación', letter: 'X', tvdgi: null, pointOfSale: s.series, number: s.number, date: s.date, dueDate: null,
      currency: contracts[0]!.c.currency, customer: customerOf(entity), saleCondition: 'Según contrato', productLines: lines, otherLines: [],
      net: total, vat21: 0, vat105: 0, otherTaxes: 0, total, cae: null, caeDue: null,
      detail: `Precios por tonelada de cada contrato, IVA no incluido. ${s.collected ? 'Liquidación cobrada.' : 'Pendiente de cobro.'}`,
      extraFields: [
        { label: 'Tipo', value: kind.kind === 4 ? 'Primaria de granos (1116B/C)' : 'Parcial de granos' },
        { label: 'Kilos', value: `${formatNumber(s.kilos, 0)} kg` },
      ],
    },
    toCompanyHeader(company),
  );
  return { fileName: `${kind.descom} ${voucherNumberText(s.series, s.number)}.pdf`, pdf };
}

/** Registers the contract (CT) and the grain settlements (LB, LP) on the app's print registry, at startup. */
export function registerContractPrints(prints: PrintRegistry): void {
  prints.register(CONTRACT_CODCOM, ({ db, scope, key }) => renderContractPdf(db, scope, key));
  for (const codcom of ['LB', 'LP']) prints.register(codcom, ({ db, scope, key }) => renderSettlementPdf(db, scope, key));
}
