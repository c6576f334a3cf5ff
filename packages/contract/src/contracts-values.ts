import { msg } from './messages.js';
import { fiscalMsg } from './fiscal-values.js';
import { grainMsg } from './grain-values.js';
import { statementMsg } from './statements-values.js';

/**
 * Contracts' zod-free values (texts, page size, summaries), apart from the schemas of contracts.ts so that a screen
 * reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const contractMsg = {
  granoInvalido: grainMsg.granoInvalido,
  cosechaInvalida: grainMsg.cosechaInvalida,
  fechaHastaObligatoria: fiscalMsg.fechaHastaObligatoria,
  fechaDesdeInvalida: fiscalMsg.fechaDesdeInvalida,
  fechaHastaInvalida: fiscalMsg.fechaHastaInvalida,
  fechasInvertidas: fiscalMsg.fechasInvertidas,
  fechaHastaAnterior: statementMsg.fechaHastaAnterior,
  resumenInvalido: statementMsg.resumenInvalido,
  tipoArchivoInvalido: fiscalMsg.tipoArchivoInvalido,
  comprobanteObligatorio: fiscalMsg.comprobanteObligatorio,
  comprobanteInexistente: 'El contrato no existe.',
  sinImpresion: fiscalMsg.sinImpresion,
  noHayMasRegistros: fiscalMsg.noHayMasRegistros,
  errorCargarDatos: msg.errorCargarDatos,
} as const;

export const CONTRACT_PAGE_SIZE = 7;
/** Voucher code of a contract (codcom) and of the grain settlements printed from it. */
export const CONTRACT_CODCOM = 'CT';

export const CONTRACT_SUMMARIES = [
  { id: 1, codres: 'TOD', desres: 'Todos los contratos' },
  { id: 2, codres: 'PEN', desres: 'Pendientes de entrega' },
  { id: 3, codres: 'FIJ', desres: 'Pendientes de fijar precio' },
  { id: 4, codres: 'CUM', desres: 'Cumplidos' },
] as const;
export type ContractSummaryCode = (typeof CONTRACT_SUMMARIES)[number]['codres'];
