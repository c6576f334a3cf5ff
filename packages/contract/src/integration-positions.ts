import { z } from 'zod';
import { companyCuit, erpCode, integrationBatchMsg } from './integration.js';

/**
 * The stock positions and deliverables an ERP loads (`posiciones`, docs/integration.md): for one product line of an
 * invoice (loaded by `movimientos`), the deposit that holds the goods for the customer and the delivery notes
 * (remitos) that handed them over. What is still to deliver is the line's quantity less its remitos.
 */

export const integrationPositionMsg = {
  puntoVentaInvalido: 'El punto de venta (de la factura o del remito) es un número entero entre 1 y 99999',
  numeroInvalido: 'El número (de la factura o del remito) es un entero entre 1 y 99999999',
  renglonInvalido: 'El renglón es la posición de la línea en la factura (lineas de movimientos), un entero entre 1 y 500',
  fechaEntregaInvalida: 'La fecha del remito debe ser AAAA-MM-DD',
  cantidadEntregaInvalida: 'La cantidad entregada es un número mayor que cero con hasta 3 decimales, con punto (p. ej. 12.5)',
  remitoRepetido: 'El remito ya figura en las entregas del renglón',
  demasiadasEntregas: 'Hasta 200 remitos por renglón',
  facturaInexistente: (pos: number, num: number) => `No existe la factura FC ${String(pos).padStart(5, '0')}-${String(num).padStart(8, '0')}: cárguela antes en movimientos`,
  renglonSinProducto: (line: number) => `La factura no tiene un renglón ${line} de producto con cantidad`,
  entregadoSupera: (delivered: string, bought: string) => `Lo entregado (${delivered}) supera lo facturado en el renglón (${bought})`,
  entregaAnterior: 'El remito no puede ser anterior a la factura',
  renglonRepetido: (first: number) => `La factura y el renglón ya vinieron en la fila ${first} de este lote`,
  sinPosicion: 'El renglón no tiene depósito ni entregas cargados: no se puede dar de baja',
} as const;

const pointOfSale = z.number({ error: integrationPositionMsg.puntoVentaInvalido }).int(integrationPositionMsg.puntoVentaInvalido).min(1, integrationPositionMsg.puntoVentaInvalido).max(99_999, integrationPositionMsg.puntoVentaInvalido);
const voucherNumber = z.number({ error: integrationPositionMsg.numeroInvalido }).int(integrationPositionMsg.numeroInvalido).min(1, integrationPositionMsg.numeroInvalido).max(99_999_999, integrationPositionMsg.numeroInvalido);
const lineNumber = z.number({ error: integrationPositionMsg.renglonInvalido }).int(integrationPositionMsg.renglonInvalido).min(1, integrationPositionMsg.renglonInvalido).max(500, integrationPositionMsg.renglonInvalido);
const deliveryDate = z
  .string({ error: integrationPositionMsg.fechaEntregaInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, integrationPositionMsg.fechaEntregaInvalida)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, integrationPositionMsg.fechaEntregaInvalida);
/** A quantity > 0 with up to 3 decimals, as its canonical text with 3 decimals (as numeric(14,3) prints it). */
const quantity = z
  .union([z.string({ error: integrationPositionMsg.cantidadEntregaInvalida }).trim(), z.number({ error: integrationPositionMsg.cantidadEntregaInvalida }).finite()], { error: integrationPositionMsg.cantidadEntregaInvalida })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v;
    if (!/^\d{1,11}(\.\d{1,3})?$/.test(text) || !/[1-9]/.test(text)) {
      ctx.addIssue({ code: 'custom', message: integrationPositionMsg.cantidadEntregaInvalida });
      return z.NEVER;
    }
    const [int, frac = ''] = text.split('.');
    return `${BigInt(int!).toString()}.${frac.padEnd(3, '0')}`;
  });

/** A remito that delivered (part of) the line. */
const delivery = z.object(
  {
    punto_venta: pointOfSale,
    numero: voucherNumber,
    fecha: deliveryDate,
    cantidad: quantity,
    /** The deposit it left from; default: the line's. */
    deposito: erpCode.nullish().transform((v) => v ?? null),
  },
  { error: integrationBatchMsg.valorInvalido },
);

/** The position of one product line of an invoice, keyed by the invoice (FC, point of sale, number) and the line. */
export const positionRow = z
  .object({
    cuit_empresa: companyCuit,
    /** The invoice's point of sale and number (an FC of movimientos). */
    punto_venta: pointOfSale,
    numero: voucherNumber,
    /** The line's position in the invoice's `lineas`, from 1. */
    renglon: lineNumber,
    /** The deposit that holds the goods until they are withdrawn (the deliverables' column). */
    deposito: erpCode,
    /** Every remito of the line so far: the list replaces the portal's; [] means nothing delivered yet. */
    entregas: z.array(delivery, { error: integrationBatchMsg.valorInvalido }).max(200, integrationPositionMsg.demasiadasEntregas).default([]),
  })
  .superRefine((row, ctx) => {
    const seen = new Set<string>();
    for (const [i, d] of row.entregas.entries()) {
      const k = `${d.punto_venta}|${d.numero}`;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['entregas', i], message: integrationPositionMsg.remitoRepetido });
      seen.add(k);
    }
  });
export type PositionRow = z.output<typeof positionRow>;
export const positionRemovalRow = z.object({ cuit_empresa: companyCuit, punto_venta: pointOfSale, numero: voucherNumber, renglon: lineNumber });
export type PositionRemovalRow = z.output<typeof positionRemovalRow>;

export const POSITION_ROW_EXAMPLE = {
  punto_venta: 3,
  numero: 1234,
  renglon: 1,
  deposito: 1,
  entregas: [{ punto_venta: 4, numero: 5678, fecha: '2026-11-10', cantidad: '6' }],
};
export const POSITION_REMOVAL_EXAMPLE = { punto_venta: 3, numero: 1234, renglon: 1 };
