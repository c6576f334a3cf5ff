import { z } from 'zod';
import { companyCuit, erpCode, integrationBatchMsg, rowOptionalText, rowText } from './integration.js';

/**
 * The vouchers an ERP sends for authorization (`autorizaciones`, docs/integration.md): remitos, returns, stock
 * adjustments… that wait in the authorizer's list ('Autorización de comprobantes') until someone decides them in the
 * portal. Keyed by the ERP's voucher type, point of sale and number.
 */

export const integrationAuthorizationMsg = {
  tipoInvalido: 'El tipo de comprobante son 2 o 3 letras mayúsculas (REM, DEV, AJS…)',
  puntoVentaInvalido: 'El punto de venta del comprobante es un número entero entre 1 y 99999',
  numeroInvalido: 'El número del comprobante es un entero entre 1 y 99999999',
  fechaInvalida: 'La fecha del comprobante debe ser AAAA-MM-DD',
  importeInvalido: 'El importe es un número de hasta 2 decimales, con punto, no negativo (p. ej. 1234.50)',
  cantidadInvalida: 'La cantidad es un número de hasta 3 decimales, con punto, no negativo (p. ej. 12.5)',
  pedidoInvalido: 'El pedido es un número entero entre 1 y 999999999',
  sinLineas: 'El comprobante necesita al menos una línea',
  demasiadasLineas: 'Un comprobante a autorizar lleva hasta 500 líneas',
  clienteInexistente: (code: number) => `No existe el cliente ${code}: cárguelo antes en clientes`,
  comprobanteRepetido: (first: number) => `El comprobante (tipo, punto de venta y número) ya vino en la fila ${first} de este lote`,
  yaDecidido: (authorized: boolean) => `El comprobante ya fue ${authorized ? 'autorizado' : 'rechazado'} en el portal: no se modifica ni se da de baja`,
} as const;

/** A non-negative decimal with up to `decimals` decimals, as its canonical text (as numeric prints it back). */
function decimal(integers: number, decimals: number, message: string) {
  const pattern = new RegExp(`^\\d{1,${integers}}(\\.\\d{1,${decimals}})?$`);
  return z.union([z.string({ error: message }).trim(), z.number({ error: message }).finite()], { error: message }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v;
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const [int, frac = ''] = text.split('.');
    return `${BigInt(int!).toString()}.${frac.padEnd(decimals, '0')}`;
  });
}
const amount = decimal(14, 2, integrationAuthorizationMsg.importeInvalido);
const date = z
  .string({ error: integrationAuthorizationMsg.fechaInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, integrationAuthorizationMsg.fechaInvalida)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, integrationAuthorizationMsg.fechaInvalida);
const voucherType = z.string({ error: integrationAuthorizationMsg.tipoInvalido }).trim().regex(/^[A-Z]{2,3}$/, integrationAuthorizationMsg.tipoInvalido);
const pointOfSale = z.number({ error: integrationAuthorizationMsg.puntoVentaInvalido }).int(integrationAuthorizationMsg.puntoVentaInvalido).min(1, integrationAuthorizationMsg.puntoVentaInvalido).max(99_999, integrationAuthorizationMsg.puntoVentaInvalido);
const voucherNumber = z.number({ error: integrationAuthorizationMsg.numeroInvalido }).int(integrationAuthorizationMsg.numeroInvalido).min(1, integrationAuthorizationMsg.numeroInvalido).max(99_999_999, integrationAuthorizationMsg.numeroInvalido);

const line = z.object(
  { descripcion: rowText(300), cantidad: decimal(11, 3, integrationAuthorizationMsg.cantidadInvalida), importe: amount },
  { error: integrationBatchMsg.valorInvalido },
);

/** One voucher waiting for the portal's authorizer, keyed by (tipo, punto_venta, numero) within the company. */
export const authorizationRow = z.object({
  cuit_empresa: companyCuit,
  /** The ERP's voucher type (REM Remito de venta, DEV Devolución, AJS Ajuste de stock, TRF Transferencia…). */
  tipo: voucherType,
  /** What the list shows ("Remito de venta"). */
  nombre: rowText(60),
  punto_venta: pointOfSale,
  numero: voucherNumber,
  /** The customer's ERP code (clientes' `codigo`). */
  cliente: erpCode,
  /** The seller's code; default: the customer's seller. The zone is the seller's. */
  vendedor: erpCode.nullish().transform((v) => v ?? null),
  fecha: date,
  /** The order it comes from, if any. */
  pedido: z.number({ error: integrationAuthorizationMsg.pedidoInvalido }).int(integrationAuthorizationMsg.pedidoInvalido).min(1, integrationAuthorizationMsg.pedidoInvalido).max(999_999_999, integrationAuthorizationMsg.pedidoInvalido).nullish().transform((v) => v ?? null),
  /** Why it needs authorization ("Excede el límite de crédito"). */
  detalle: rowOptionalText(300),
  /** Who made it in the ERP. */
  usuario: rowText(120),
  /** The voucher's total, unsigned. */
  importe: amount,
  lineas: z.array(line, { error: integrationBatchMsg.valorInvalido }).min(1, integrationAuthorizationMsg.sinLineas).max(500, integrationAuthorizationMsg.demasiadasLineas),
});
export type AuthorizationRow = z.output<typeof authorizationRow>;
export const authorizationRemovalRow = z.object({ cuit_empresa: companyCuit, tipo: voucherType, punto_venta: pointOfSale, numero: voucherNumber });
export type AuthorizationRemovalRow = z.output<typeof authorizationRemovalRow>;

export const AUTHORIZATION_ROW_EXAMPLE = {
  tipo: 'REM',
  nombre: 'Remito de venta',
  punto_venta: 1,
  numero: 4501,
  cliente: 1001,
  fecha: '2026-11-20',
  pedido: 10234,
  detalle: 'Excede el límite de crédito',
  usuario: 'Martín Acosta',
  importe: '1970000.00',
  lineas: [{ descripcion: 'Glifosato 66,2 % x 20 l', cantidad: '20', importe: '1970000.00' }],
};
export const AUTHORIZATION_REMOVAL_EXAMPLE = { tipo: 'REM', punto_venta: 1, numero: 4501 };
