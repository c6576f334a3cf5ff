import { isValidCuit } from './cuit.js';
import { formatNumber, parseAmountText, toCents } from './format.js';
import { msg } from './messages.js';
import { orderingMsg } from './ordering-messages.js';
import { LEDGER_CODE, LEDGER_VOUCHER_TYPES } from './ledger-codes.js';

/**
 * Receipts' zod-free values (texts, sizes, the amount parser), apart from its schemas (receipts.ts) so that a screen
 * reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
 */

export const receiptsMsg = {
  // §5, word for word (the double space of the file message included).
  saldoMayor: (amount: string) => `El saldo a aplicar debe ser menor a ${amount}`,
  saldoNegativo: (amount: string) => `El saldo a aplicar debe estar comprendido entre $ ${amount} y cero`,
  importeNegativo: 'El importe a cobrar no puede ser negativo.',
  // What is wrong with an amount to apply besides the two rules above (docs/decisions/receipts.md).
  saldoNoNumerico: 'El saldo a aplicar debe ser un importe, por ejemplo 1.234,56.',
  saldoCero: 'El saldo a aplicar debe ser mayor a cero.',
  saldoNegativoNoPermitido: 'El saldo a aplicar no puede ser negativo: el comprobante tiene saldo a cobrar.',
  sinDocumentos: 'No tiene seleccionado ningun documento a cobrar',
  verifiqueImportes: 'Verifique los importes a cobrar',
  cobroInsuficiente: 'El cobro debe ser igual o superior al importe a cobrar',
  diferenciaACuenta: (amount: string) => `La diferencia $ ${amount} se considera deuda con pago a cuenta`,
  alMenosUnCobro: 'Debe ingresar al menos un cobro.',
  archivoRequerido: (n: number) => `Método cobro ${n}:  El archivo es requerido`,
  campoRequerido: (n: number, label: string) => `Método cobro ${n}: El campo ${label} es requerido`,
  // §8
  noSePudoGenerar: 'No se puedo generar el Recibo',
  noSePudoOperar: msg.errorGenerico,
  operacionCancelada: orderingMsg.operacionCancelada,
  errorCargarDatos: msg.errorCargarDatos,
  noHayMas: msg.noHayMasRegistros,
  // Where the spec is silent (docs/decisions/receipts.md).
  reciboGenerado: 'Recibo generado',
  reciboGeneradoMsg: (numero: string, importe: string) => `Se generó el recibo provisorio ${numero} por ${importe}. Queda pendiente de aprobación.`,
  totalesNoCoinciden: 'Los totales informados no coinciden con los documentos y cobros del recibo.',
  documentoAjeno: 'El comprobante no pertenece a la entidad o ya no tiene saldo pendiente.',
  documentoRepetido: 'Un comprobante figura más de una vez.',
  formaCobroInexistente: 'La forma de cobro no existe.',
  opcionInvalida: (n: number, label: string) => `Método cobro ${n}: El campo ${label} tiene un valor inválido`,
  cuitLongitud: (n: number, label: string) => `Método cobro ${n}: El campo ${label} debe tener 11 dígitos`,
  cuitVerificador: (n: number, label: string) => `Método cobro ${n}: El campo ${label} no es un CUIT válido: revise el dígito verificador`,
  fechaFutura: 'La fecha del recibo no puede ser posterior a hoy.',
  fechaNoModificable: 'La fecha del recibo no puede modificarse.',
  fechaInvalida: 'La fecha del recibo no es válida.',
  observacionLarga: 'La observación no puede superar los 500 caracteres.',
  datosInvalidos: 'Los datos del recibo no son válidos.',
  claveIdempotencia: 'Falta la clave de operación (Idempotency-Key) del recibo.',
  claveDecision: 'La clave de operación (Idempotency-Key) de la decisión no es válida.',
  archivoTipo: (name: string) => `El archivo ${name} debe ser PDF, JPG o PNG.`,
  archivoGrande: (name: string, mb: number) => `El archivo ${name} supera los ${mb} MB.`,
  demasiadosArchivos: (n: number) => `No se pueden adjuntar más de ${n} archivos.`,
  envioGrande: (mb: number) => `Los archivos adjuntos superan los ${mb} MB en total.`,
  archivoSinCampo: 'Hay un archivo que no corresponde a ningún cobro.',
  reciboInexistente: 'El recibo no existe.',
  adjuntoInexistente: 'El archivo adjunto no existe.',
  reciboYaDecidido: (estado: string, quien: string, cuando: string) => `El recibo ya fue ${estado} por ${quien} el ${cuando}.`,
  reciboAprobado: (numero: string) => `Recibo ${numero} aprobado.`,
  reciboRechazado: (numero: string) => `Recibo ${numero} rechazado.`,
  motivoLargo: 'El motivo no puede superar los 300 caracteres.',
  saldoInsuficienteAprobacion: (documento: string, saldo: string) =>
    `No se puede aprobar: ${documento} tiene un saldo pendiente de $ ${saldo}, menor a lo que el recibo le aplica. Rechace el recibo.`,
  textoCompartirRecibo: LEDGER_VOUCHER_TYPES[LEDGER_CODE.receipt].name,
  // Voucher authorization
  tituloAutorizacion: 'AUTORIZACION DE COMPROBANTES',
  motivoRequerido: 'Debe ingresar el detalle.',
  comprobanteInexistente: 'El comprobante no existe o no está pendiente de autorización.',
  yaDecidido: (estado: string, quien: string, cuando: string) => `El comprobante ya fue ${estado} por ${quien} el ${cuando}.`,
  autorizado: 'Comprobante autorizado.',
  rechazado: 'Comprobante rechazado.',
  estadoInvalido: msg.estadoInvalido,
  paginaInvalida: 'Los valores de paginación no son válidos.',
} as const;

export const RECEIPTS = {
  pageSize: 5,
  authorizationPageSize: 7,
  maxFileBytes: 5 * 1024 * 1024,
  maxFiles: 10,
  maxTotalBytes: 20 * 1024 * 1024,
  maxObservation: 500,
} as const;

/**
 * The amount applied to one pending document, typed or sent (statements.md §5): positive outstanding → 0 < amount ≤
 * outstanding; negative outstanding (a credit note) → outstanding ≤ amount < 0. Returns the Spanish refusal that
 * says what is wrong (not a number, zero, the wrong sign, too much), or null. The browser and the server both ask it.
 */
export function applicationError(outstanding: string, amount: string | number): string | null {
  const parsed = parseAmountText(amount);
  const o = toCents(outstanding);
  const amountText = formatNumber(outstanding);
  if (parsed === null) return receiptsMsg.saldoNoNumerico;
  const a = toCents(parsed);
  if (o > 0n) {
    if (a === 0n) return receiptsMsg.saldoCero;
    if (a < 0n) return receiptsMsg.saldoNegativoNoPermitido;
    return a <= o ? null : receiptsMsg.saldoMayor(amountText);
  }
  return a < 0n && a >= o ? null : receiptsMsg.saldoNegativo(amountText);
}

/** A CUIT as people write it ('20-12345678-6', '20 12345678 6', '20.123.456.786') reduced to its digits and anything else it holds. */
export const cuitDigits = (text: string) => text.trim().replace(/[\s.-]/g, '');

/**
 * The value of a payment field that holds a CUIT (inputtype 'cuit', such as 'CUIT del librador' of a cheque or an
 * e-cheq), n being the line's 1-based number: 11 digits, dashes, spaces and dots aside, the last one the check digit
 * of the other ten. Returns the Spanish refusal, or null (an empty value is the required rule's business). The browser
 * and the server both ask it.
 */
export function cuitFieldError(n: number, label: string, text: string): string | null {
  const digits = cuitDigits(text);
  if (digits === '') return null;
  if (!/^\d{11}$/.test(digits)) return receiptsMsg.cuitLongitud(n, label);
  return isValidCuit(digits) ? null : receiptsMsg.cuitVerificador(n, label);
}
