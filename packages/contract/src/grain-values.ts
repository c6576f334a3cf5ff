import { fiscalMsg } from './fiscal-values.js';
import { statementMsg } from './statements-values.js';

/**
 * The grain ledger's zod-free values (texts, page size, vouchers), apart from the schemas of grain.ts so that
 * a screen reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const grainMsg = {
  granoInvalido: 'El grano indicado no existe.',
  cosechaInvalida: 'La cosecha indicada no es válida.',
  fechaHastaObligatoria: fiscalMsg.fechaHastaObligatoria,
  fechaDesdeInvalida: fiscalMsg.fechaDesdeInvalida,
  fechaHastaInvalida: fiscalMsg.fechaHastaInvalida,
  fechasInvertidas: fiscalMsg.fechasInvertidas,
  resumenInvalido: statementMsg.resumenInvalido,
  comprobanteInvalido: 'El tipo de comprobante indicado no existe.',
  tipoArchivoInvalido: fiscalMsg.tipoArchivoInvalido,
  comprobanteObligatorio: fiscalMsg.comprobanteObligatorio,
  comprobanteInexistente: fiscalMsg.comprobanteInexistente,
} as const;

export const GRAIN_PAGE_SIZE = 7;

/** Kinds of grain_movements by their voucher code (codcom): romaneo, certificado, transferencia, 1116B/C, parcial, retiro. */
export const GRAIN_VOUCHERS = [
  { kind: 1, codcom: 'RO', descom: 'Romaneo' },
  { kind: 2, codcom: 'CE', descom: 'Certificado de depósito' },
  { kind: 3, codcom: 'TR', descom: 'Transferencia recibida' },
  { kind: 4, codcom: 'LB', descom: 'Liquidación 1116B/C' },
  { kind: 5, codcom: 'LP', descom: 'Liquidación parcial' },
  { kind: 6, codcom: 'RT', descom: 'Retiro' },
] as const;
