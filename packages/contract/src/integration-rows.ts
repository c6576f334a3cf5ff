import { z } from 'zod';
import { GRAIN_VOUCHERS } from './grain-values.js';
import { LEDGER_VOUCHER_TYPES, type LedgerVoucherType } from './ledger-codes.js';
import { companyCuit, customerRow, erpCode, integrationBatchMsg, rowOptionalText, rowText, type IntegrationKind } from './integration.js';
import { NEWS_ROW_EXAMPLE, newsRow } from './integration-news.js';
import { AUTHORIZATION_REMOVAL_EXAMPLE, AUTHORIZATION_ROW_EXAMPLE, authorizationRow } from './integration-authorizations.js';
import { ROUTE_STOP_REMOVAL_EXAMPLE, ROUTE_STOP_ROW_EXAMPLE, routeStopRow } from './integration-route-plans.js';
import { POSITION_REMOVAL_EXAMPLE, POSITION_ROW_EXAMPLE, positionRow } from './integration-positions.js';

/**
 * The rows of the catalogue's kinds an ERP loads (docs/integration.md): products, prices, stock. Each is keyed by the
 * ERP's own codes; decimals travel as text ("1234.50") or as a JSON number with at most the column's decimals, and
 * are kept as decimal text from here to the database (never float arithmetic).
 */

export const integrationRowMsg = {
  decimalInvalido: (decimals: number) => `Debe ser un número con hasta ${decimals} decimales, con punto (p. ej. 1234.50)`,
  mayorQueCero: 'Debe ser mayor que cero',
  noNegativo: 'No puede ser negativo',
  descuentoInvalido: 'El descuento es un porcentaje entre 0 y 100',
  bandaInvalida: 'El precio mínimo no puede superar al máximo',
  monedaInvalida: 'La moneda es ARS o USD',
  diasInvalidos: 'Los días de entrega son un número entero entre 0 y 365',
  codigoBarrasInvalido: 'El código de barras admite letras, dígitos y guiones (hasta 40)',
  demasiadosCodigos: 'Hasta 20 códigos de barras por producto',
  codigoBarrasRepetido: (barcode: string) => `El código de barras ${barcode} está repetido en la fila`,
  codigoBarrasAjeno: (barcode: string, product: number) => `El código de barras ${barcode} ya es del producto ${product}`,
  productoInexistente: (code: number) => `No existe el producto ${code}: cárguelo antes en productos`,
  listaSinNombre: (code: number) => `No existe la lista de precios ${code}: envíe lista_nombre para crearla`,
  depositoSinNombre: (code: number) => `No existe el depósito ${code}: envíe deposito_nombre para crearlo`,
  precioRepetido: (first: number) => `La lista y el producto ya vinieron en la fila ${first} de este lote`,
  stockRepetido: (first: number) => `El depósito y el producto ya vinieron en la fila ${first} de este lote`,
  depositoInexistente: (code: number) => `No existe el depósito ${code}`,
  noExistePrecio: 'El producto no tiene precio en esa lista: no se puede dar de baja',
  noExisteStock: 'El producto no tiene stock en ese depósito: no se puede dar de baja',
} as const;

/** A non-negative decimal with at most `decimals` decimals and `integers` integer digits, as its canonical text. */
export function erpDecimal(integers: number, decimals: number) {
  const pattern = new RegExp(`^-?\\d{1,${integers}}(\\.\\d{1,${decimals}})?$`);
  const message = integrationRowMsg.decimalInvalido(decimals);
  return z
    .union([z.string({ error: message }).trim(), z.number({ error: message }).finite(message)], { error: message })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v;
      if (!pattern.test(text)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: integrationRowMsg.noNegativo });
        return z.NEVER;
      }
      // Canonical text: no leading zeros, the decimals as the column keeps them ("5" and "5.00" are one value).
      const [int, frac = ''] = text.split('.');
      return `${BigInt(int!).toString()}.${frac.padEnd(decimals, '0')}`;
    });
}

const flag = (fallback: boolean) => z.boolean({ error: integrationBatchMsg.valorInvalido }).default(fallback);
const barcode = z
  .string({ error: integrationRowMsg.codigoBarrasInvalido })
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, integrationRowMsg.codigoBarrasInvalido)
  .transform((v) => v.toUpperCase());

/** A facet of the catalogue (brand, line, family…) by the ERP's code, with the name the filters show. */
const facet = z
  .object({ codigo: erpCode, nombre: rowText(120) }, { error: integrationBatchMsg.valorInvalido })
  .nullish()
  .transform((v) => v ?? null);

/** The catalogue's facets a product row may name (the product_facets kinds, by their Spanish names). */
export const PRODUCT_FACET_FIELDS = ['unegocio', 'familia', 'subfamilia', 'presentacion', 'rubro', 'subrubro', 'linea', 'marca'] as const;

/** A product of the catalogue, keyed by the ERP's product code. */
export const productRow = z
  .object({
    cuit_empresa: companyCuit,
    codigo: erpCode,
    /** The alphanumeric code customers know (quick order matches it); default: the code as text. */
    codigo_alfa: z
      .string({ error: integrationBatchMsg.valorInvalido })
      .trim()
      .max(40, integrationBatchMsg.textoLargo(40))
      .nullish()
      .transform((v) => (v ? v : null)),
    nombre: rowText(200),
    descripcion: rowOptionalText(2000),
    /** What a customer orders ("Bolsa x 40 kg"). */
    unidad_venta: rowText(60),
    /** The unit of measure of the content ("kg"). */
    unidad: rowText(20),
    /** Units of measure per sales unit (40 for a 40 kg bag); default 1. */
    factor: erpDecimal(9, 3)
      .refine((v) => Number(v) > 0, integrationRowMsg.mayorQueCero)
      .default('1.000'),
    unegocio: facet,
    familia: facet,
    subfamilia: facet,
    presentacion: facet,
    rubro: facet,
    subrubro: facet,
    linea: facet,
    marca: facet,
    /** The main EAN (the catalogue's and the warehouse's scan). */
    codigo_barras: barcode.nullish().transform((v) => v ?? null),
    /** Every other barcode of the product (shelf labels, other packs); absent: left as they are; [] removes them. */
    otros_codigos_barras: z.array(barcode, { error: integrationBatchMsg.valorInvalido }).max(20, integrationRowMsg.demasiadosCodigos).optional(),
    ubicacion: rowOptionalText(60),
    dias_entrega: z.number({ error: integrationRowMsg.diasInvalidos }).int(integrationRowMsg.diasInvalidos).min(0, integrationRowMsg.diasInvalidos).max(365, integrationRowMsg.diasInvalidos).default(0),
    nuevo: flag(false),
    promocion: flag(false),
    /** A returnable container (envase). */
    envase: flag(false),
    activo: flag(true),
  })
  .superRefine((row, ctx) => {
    const seen = new Set<string>();
    for (const [i, b] of (row.otros_codigos_barras ?? []).entries()) {
      if (seen.has(b) || b === row.codigo_barras) ctx.addIssue({ code: 'custom', path: ['otros_codigos_barras', i], message: integrationRowMsg.codigoBarrasRepetido(b) });
      seen.add(b);
    }
  });
export type ProductRow = z.output<typeof productRow>;

const currency = z.enum(['ARS', 'USD'], { error: integrationRowMsg.monedaInvalida }).default('ARS');
const money = erpDecimal(14, 2);
const discount = erpDecimal(3, 2)
  .refine((v) => Number(v) <= 100, integrationRowMsg.descuentoInvalido)
  .default('0.00');

/**
 * A product's price in a price list, keyed by (list, product). The final price is precio × (1 − d1/100) × (1 − d2/100);
 * the band (minimum, maximum) bounds the final price a customer may propose (outside it the order carries an alert);
 * absent, the band is the final price itself. A list not yet in the portal is created when the row names it.
 */
export const priceRow = z
  .object({
    cuit_empresa: companyCuit,
    lista: erpCode,
    /** The list's name: creates the list if the portal does not have it, renames it if it differs. */
    lista_nombre: rowOptionalText(120),
    producto: erpCode,
    moneda: currency,
    precio: money,
    descuento1: discount,
    descuento2: discount,
    precio_minimo: money.nullish().transform((v) => v ?? null),
    precio_maximo: money.nullish().transform((v) => v ?? null),
  })
  .superRefine((row, ctx) => {
    if (row.precio_minimo !== null && row.precio_maximo !== null && Number(row.precio_minimo) > Number(row.precio_maximo)) {
      ctx.addIssue({ code: 'custom', path: ['precio_minimo'], message: integrationRowMsg.bandaInvalida });
    }
  });
export type PriceRow = z.output<typeof priceRow>;
export const priceRemovalRow = z.object({ cuit_empresa: companyCuit, lista: erpCode, producto: erpCode });
export type PriceRemovalRow = z.output<typeof priceRemovalRow>;

/** A product's stock in a deposit, keyed by (deposit, product); the catalogue shows the sum over deposits. */
export const stockRow = z.object({
  cuit_empresa: companyCuit,
  deposito: erpCode,
  /** The deposit's name: creates the deposit if the portal does not have it, renames it if it differs. */
  deposito_nombre: rowOptionalText(120),
  producto: erpCode,
  cantidad: erpDecimal(12, 2),
});
export type StockRow = z.output<typeof stockRow>;
export const stockRemovalRow = z.object({ cuit_empresa: companyCuit, deposito: erpCode, producto: erpCode });
export type StockRemovalRow = z.output<typeof stockRemovalRow>;

// ── movimientos ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The current account's vouchers an ERP loads (`movimientos`, docs/integration.md): one row is one voucher with its
 * lines and what it applies to, keyed by its identity in the ERP — type, point of sale and number within the company.
 * Amounts travel unsigned; the type gives the sign the ledger keeps (debits add to the balance, credits subtract).
 */

const TYPE_CODES = Object.keys(LEDGER_VOUCHER_TYPES) as [LedgerVoucherType, ...LedgerVoucherType[]];

export const integrationMovementMsg = {
  tipoInvalido: `El tipo de comprobante es ${TYPE_CODES.slice(0, -1).join(', ')} o ${TYPE_CODES[TYPE_CODES.length - 1]}`,
  letraInvalida: 'La letra es A, B, C, E o M',
  puntoVentaInvalido: 'El punto de venta es un número entero entre 1 y 99999',
  numeroInvalido: 'El número es un entero entre 1 y 99999999',
  fechaInvalida: 'La fecha debe ser AAAA-MM-DD',
  vencimientoAnterior: 'El vencimiento no puede ser anterior a la fecha del comprobante',
  cuentaInvalida: 'La cuenta es un número entero entre 1 y 99',
  tipoAfipInvalido: 'El tipo AFIP es un número entero entre 1 y 999',
  aplicadoSupera: 'Lo aplicado supera el importe del comprobante',
  soloCreditosAplican: 'Solo los recibos, notas de crédito y liquidaciones aplican a otros comprobantes',
  origenInvalido: 'El tipo del origen son 2 o 3 letras mayúsculas (PED, FC…)',
  aplicaRepetido: 'El comprobante aplicado ya figura en la lista',
  demasiadasLineas: 'Hasta 500 líneas por comprobante',
  demasiadasAplicaciones: 'Hasta 500 comprobantes aplicados',
  clienteInexistente: (code: number) => `No existe el cliente ${code}: cárguelo antes en clientes`,
  cuentaInexistente: (code: number) => `No existe la cuenta ${code} en la empresa`,
  comprobanteRepetido: (first: number) => `El comprobante (tipo, punto de venta y número) ya vino en la fila ${first} de este lote`,
  vinculadoEnPortal: 'El comprobante tiene recibos, pedidos o entregas del portal vinculados: no se puede dar de baja',
  pendientesDerivados:
    'Los documentos pendientes no se cargan aparte: son los comprobantes de movimientos con cancelado = false (menos lo que aplican los recibos aprobados del portal). Envíelos por movimientos',
} as const;

const date = z
  .string({ error: integrationMovementMsg.fechaInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, integrationMovementMsg.fechaInvalida)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, integrationMovementMsg.fechaInvalida);
const optionalDate = date.nullish().transform((v) => v ?? null);
const voucherType = z.enum(TYPE_CODES, { error: integrationMovementMsg.tipoInvalido });
const letter = z
  .enum(['A', 'B', 'C', 'E', 'M'], { error: integrationMovementMsg.letraInvalida })
  .nullish()
  .transform((v) => v ?? null);
const pointOfSale = z.number({ error: integrationMovementMsg.puntoVentaInvalido }).int(integrationMovementMsg.puntoVentaInvalido).min(1, integrationMovementMsg.puntoVentaInvalido).max(99_999, integrationMovementMsg.puntoVentaInvalido);
const voucherNumber = z.number({ error: integrationMovementMsg.numeroInvalido }).int(integrationMovementMsg.numeroInvalido).min(1, integrationMovementMsg.numeroInvalido).max(99_999_999, integrationMovementMsg.numeroInvalido);
const optionalMoney = money.nullish().transform((v) => v ?? null);

/** A line of the voucher: a product (with its code) or another concept; `importe` is the line's amount. */
const line = z.object(
  {
    producto: z
      .string({ error: integrationBatchMsg.valorInvalido })
      .trim()
      .max(40, integrationBatchMsg.textoLargo(40))
      .nullish()
      .transform((v) => (v ? v : null)),
    descripcion: rowText(300),
    cantidad: erpDecimal(11, 3).nullish().transform((v) => v ?? null),
    unidad: rowOptionalText(20),
    precio: optionalMoney,
    descuento: erpDecimal(3, 2)
      .refine((v) => Number(v) <= 100, integrationRowMsg.descuentoInvalido)
      .nullish()
      .transform((v) => v ?? null),
    importe: money,
  },
  { error: integrationBatchMsg.valorInvalido },
);

/** A document a receipt, credit note or settlement applies to, and the amount applied to it. */
const application = z.object(
  { tipo: voucherType, letra: letter, punto_venta: pointOfSale, numero: voucherNumber, importe: money },
  { error: integrationBatchMsg.valorInvalido },
);

/** The document a voucher comes from (an order 'PED', the invoice of a credit note…), as the statements show it. */
const origin = z
  .object(
    {
      tipo: z.string({ error: integrationBatchMsg.valorInvalido }).trim().regex(/^[A-Z]{2,3}$/, integrationMovementMsg.origenInvalido),
      punto_venta: pointOfSale,
      numero: voucherNumber,
    },
    { error: integrationBatchMsg.valorInvalido },
  )
  .nullish()
  .transform((v) => v ?? null);

/** One voucher of a customer's current account, keyed by (tipo, punto_venta, numero) within the company. */
export const movementRow = z
  .object({
    cuit_empresa: companyCuit,
    tipo: voucherType,
    letra: letter,
    punto_venta: pointOfSale,
    numero: voucherNumber,
    /** The name the statements show ("Factura A"); default: the type's name and its letter. */
    nombre: rowOptionalText(60),
    /** The customer's ERP code (clientes' `codigo`): the entity whose account holds the voucher. */
    cliente: erpCode,
    fecha: date,
    vencimiento: optionalDate,
    moneda: z.enum(['ARS', 'USD'], { error: integrationRowMsg.monedaInvalida }).default('ARS'),
    /** The voucher's total, unsigned: the type says whether it is a debit or a credit. */
    importe: money,
    /** The account (tipodectasctes): 1 Cuenta corriente, 2 Cuenta canje… */
    cuenta: z.number({ error: integrationMovementMsg.cuentaInvalida }).int(integrationMovementMsg.cuentaInvalida).min(1, integrationMovementMsg.cuentaInvalida).max(99, integrationMovementMsg.cuentaInvalida).default(1),
    detalle: rowOptionalText(300),
    /** Paid in full in the ERP: no longer a pending document (nor overdue). */
    cancelado: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(false),
    tipo_afip: z.number({ error: integrationMovementMsg.tipoAfipInvalido }).int(integrationMovementMsg.tipoAfipInvalido).min(1, integrationMovementMsg.tipoAfipInvalido).max(999, integrationMovementMsg.tipoAfipInvalido).nullish().transform((v) => v ?? null),
    neto: optionalMoney,
    iva21: optionalMoney,
    iva105: optionalMoney,
    otros_impuestos: optionalMoney,
    cae: z.string({ error: integrationBatchMsg.valorInvalido }).trim().regex(/^\d{14}$/, integrationBatchMsg.valorInvalido).nullish().transform((v) => v ?? null),
    vencimiento_cae: optionalDate,
    condicion_venta: rowOptionalText(120),
    origen: origin,
    lineas: z.array(line, { error: integrationBatchMsg.valorInvalido }).max(500, integrationMovementMsg.demasiadasLineas).default([]),
    aplica: z.array(application, { error: integrationBatchMsg.valorInvalido }).max(500, integrationMovementMsg.demasiadasAplicaciones).default([]),
  })
  .superRefine((row, ctx) => {
    if (row.vencimiento !== null && row.vencimiento < row.fecha) ctx.addIssue({ code: 'custom', path: ['vencimiento'], message: integrationMovementMsg.vencimientoAnterior });
    if (!row.aplica.length) return;
    if (!LEDGER_VOUCHER_TYPES[row.tipo].credit) {
      ctx.addIssue({ code: 'custom', path: ['aplica'], message: integrationMovementMsg.soloCreditosAplican });
      return;
    }
    const seen = new Set<string>();
    for (const [i, a] of row.aplica.entries()) {
      const k = `${a.tipo}|${a.punto_venta}|${a.numero}`;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['aplica', i], message: integrationMovementMsg.aplicaRepetido });
      seen.add(k);
    }
    // Cents as integers: the sum of decimal strings without float arithmetic.
    const cents = (v: string) => BigInt(v.replace('.', ''));
    if (row.aplica.reduce((s, a) => s + cents(a.importe), 0n) > cents(row.importe)) ctx.addIssue({ code: 'custom', path: ['aplica'], message: integrationMovementMsg.aplicadoSupera });
  });
export type MovementRow = z.output<typeof movementRow>;

/** The removal of a voucher: its identity alone. */
export const movementRemovalRow = z.object({ cuit_empresa: companyCuit, tipo: voucherType, punto_venta: pointOfSale, numero: voucherNumber });
export type MovementRemovalRow = z.output<typeof movementRemovalRow>;

export const MOVEMENT_ROW_EXAMPLE = {
  tipo: 'FC',
  letra: 'A',
  punto_venta: 3,
  numero: 1234,
  cliente: 1001,
  fecha: '2026-11-02',
  vencimiento: '2026-12-02',
  moneda: 'ARS',
  importe: '121000.00',
  neto: '100000.00',
  iva21: '21000.00',
  tipo_afip: 1,
  condicion_venta: 'Cuenta corriente 30 días',
  lineas: [{ producto: '5001', descripcion: 'Glifosato 66,2% x 20 l', cantidad: '10', unidad: 'l', precio: '10000.00', importe: '100000.00' }],
};
export const MOVEMENT_REMOVAL_EXAMPLE = { tipo: 'FC', punto_venta: 3, numero: 1234 };

// ── granos ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The grain ledger an ERP loads (`granos`, docs/integration.md): one row is one grain voucher of a customer — a load
 * (romaneo), a certificate, a transfer received, a settlement (1116B/C or partial) or a withdrawal — keyed like every
 * voucher by its type, point of sale and number within the company. Kilograms are whole, unsigned: the type says
 * whether they enter the stock or leave it. A contract's own row (its commitment) belongs to its contract, not here.
 */

const GRAIN_CODES = GRAIN_VOUCHERS.map((v) => v.codcom) as unknown as [(typeof GRAIN_VOUCHERS)[number]['codcom'], ...Array<(typeof GRAIN_VOUCHERS)[number]['codcom']>];
/** The settlements: the only vouchers that can be collected (paid). */
export const GRAIN_SETTLEMENT_CODES: readonly string[] = ['LB', 'LP'];

export const integrationGrainMsg = {
  tipoInvalido: `El tipo de comprobante de granos es ${GRAIN_CODES.slice(0, -1).join(', ')} o ${GRAIN_CODES[GRAIN_CODES.length - 1]}`,
  cosechaInvalida: 'La cosecha es AAAA/AA, dos años seguidos (p. ej. 2025/26)',
  kilosInvalidos: 'Los kilos son un número entero mayor que cero, sin decimales (p. ej. "45000")',
  soloLiquidacionesCobradas: 'Solo las liquidaciones (LB, LP) pueden estar cobradas',
  granoInexistente: (code: string) => `No existe el grano ${code}`,
  comprobanteRepetido: (first: number) => `El comprobante de granos (tipo, punto de venta y número) ya vino en la fila ${first} de este lote`,
  aplicadoAContratos: (kilos: string) =>
    `El comprobante está aplicado a contratos por ${kilos} kg: no puede cambiar de cliente, grano ni cosecha, ni quedar con menos kilos que esos`,
  vinculadoAContratos: 'El comprobante está aplicado a contratos: no se puede dar de baja',
} as const;

const grainVoucherType = z.enum(GRAIN_CODES, { error: integrationGrainMsg.tipoInvalido });
/** The grain's code as the portal lists them (SOJ, MAI, TRI, GIR…). */
const grainCode = z.string({ error: integrationBatchMsg.textoObligatorio }).trim().toUpperCase().min(1, integrationBatchMsg.textoObligatorio).max(10, integrationBatchMsg.textoLargo(10));
const harvest = z
  .string({ error: integrationGrainMsg.cosechaInvalida })
  .trim()
  .regex(/^\d{4}\/\d{2}$/, integrationGrainMsg.cosechaInvalida)
  .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), integrationGrainMsg.cosechaInvalida);
/** Whole kilograms, as text ("45000") or a JSON integer; kept as canonical decimal text. */
const kilos = z
  .union([z.string({ error: integrationGrainMsg.kilosInvalidos }).trim(), z.number({ error: integrationGrainMsg.kilosInvalidos })], { error: integrationGrainMsg.kilosInvalidos })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v;
    if (!/^\d{1,14}$/.test(text) || BigInt(text) === 0n) {
      ctx.addIssue({ code: 'custom', message: integrationGrainMsg.kilosInvalidos });
      return z.NEVER;
    }
    return BigInt(text).toString();
  });

/** One grain voucher of a customer, keyed by (tipo, punto_venta, numero) within the company. */
export const grainVoucherRow = z
  .object({
    cuit_empresa: companyCuit,
    tipo: grainVoucherType,
    punto_venta: pointOfSale,
    numero: voucherNumber,
    /** The customer's ERP code (clientes' `codigo`). */
    cliente: erpCode,
    grano: grainCode,
    cosecha: harvest,
    fecha: date,
    kilos,
    /** Delivered directly to the buyer (DP on the ledger). */
    directo: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(false),
    /** A settlement already paid to the producer (the contracts' 'Cobrados'). */
    cobrado: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(false),
  })
  .superRefine((row, ctx) => {
    if (row.cobrado && !GRAIN_SETTLEMENT_CODES.includes(row.tipo)) ctx.addIssue({ code: 'custom', path: ['cobrado'], message: integrationGrainMsg.soloLiquidacionesCobradas });
  });
export type GrainVoucherRow = z.output<typeof grainVoucherRow>;
export const grainVoucherRemovalRow = z.object({ cuit_empresa: companyCuit, tipo: grainVoucherType, punto_venta: pointOfSale, numero: voucherNumber });
export type GrainVoucherRemovalRow = z.output<typeof grainVoucherRemovalRow>;

export const GRAIN_ROW_EXAMPLE = { tipo: 'RO', punto_venta: 1, numero: 435878, cliente: 1001, grano: 'SOJ', cosecha: '2025/26', fecha: '2026-04-20', kilos: '28450', directo: false };
export const GRAIN_REMOVAL_EXAMPLE = { tipo: 'RO', punto_venta: 1, numero: 435878 };

// ── contratos ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The grain contracts an ERP loads (`contratos`, docs/integration.md): one row is one contract of a customer, keyed by
 * its point of sale (series) and number within the company, with its price fixings and the grain vouchers (of
 * `granos`) applied to it, both lists the contract's whole state: a resend replaces them, never adds to them.
 */

/** The grain vouchers a contract can apply (a withdrawal, RT, is grain handed back to the producer, not sold). */
export const CONTRACT_APPLIED_CODES = ['RO', 'CE', 'TR', 'LB', 'LP'] as const;

export const integrationContractMsg = {
  tipoPrecioInvalido: 'El tipo de precio es hecho (precio pactado) o fijar (a fijar)',
  precioObligatorio: 'Un contrato de precio hecho lleva su precio por tonelada',
  precioAFijar: 'Un contrato a fijar no lleva precio: su precio son las fijaciones',
  soloAFijarFija: 'Solo los contratos a fijar tienen fijaciones',
  fijadoSupera: 'Lo fijado supera los kilos del contrato',
  fijacionAnterior: 'La fijación no puede ser anterior al contrato',
  entregaInvertida: 'El fin del período de entrega no puede ser anterior a su comienzo',
  tipoAplicadoInvalido: `El comprobante aplicado es ${CONTRACT_APPLIED_CODES.slice(0, -1).join(', ')} o ${CONTRACT_APPLIED_CODES[CONTRACT_APPLIED_CODES.length - 1]}`,
  aplicadoRepetido: 'El comprobante ya figura en las aplicaciones del contrato',
  demasiadasFijaciones: 'Hasta 200 fijaciones por contrato',
  demasiadasAplicaciones: 'Hasta 2000 comprobantes aplicados por contrato',
  contratoRepetido: (first: number) => `El contrato (punto de venta y número) ya vino en la fila ${first} de este lote`,
  comprobanteInexistente: (tipo: string, pos: number, num: number) =>
    `No existe el comprobante de granos ${tipo} ${String(pos).padStart(5, '0')}-${String(num).padStart(8, '0')}: cárguelo antes en granos`,
  comprobanteAjeno: 'El comprobante aplicado es de otro cliente, grano o cosecha que el contrato',
  aplicadoSuperaComprobante: (kilos: string, free: string) => `Los kilos aplicados superan lo que el comprobante tiene libre (${free} de ${kilos} kg; el resto está aplicado a otros contratos)`,
} as const;

const contractPricing = z.enum(['hecho', 'fijar'], { error: integrationContractMsg.tipoPrecioInvalido });
const contractPrice = erpDecimal(10, 2).refine((v) => Number(v) > 0, integrationRowMsg.mayorQueCero);

/** A price fixing: the kilograms priced on a date, at a price per tonne in the contract's currency. */
const fixing = z.object({ fecha: date, kilos, precio: contractPrice }, { error: integrationBatchMsg.valorInvalido });

/** A grain voucher (of `granos`) applied to the contract, and the kilograms of it that count for this contract. */
const contractApplication = z.object(
  {
    tipo: z.enum(CONTRACT_APPLIED_CODES, { error: integrationContractMsg.tipoAplicadoInvalido }),
    punto_venta: pointOfSale,
    numero: voucherNumber,
    kilos,
  },
  { error: integrationBatchMsg.valorInvalido },
);

/** One grain contract of a customer, keyed by (punto_venta, numero) within the company. */
export const contractIntegrationRow = z
  .object({
    cuit_empresa: companyCuit,
    /** The contract's series (the screens' `codtal`), printed '00001-00003017' with its number. */
    punto_venta: pointOfSale,
    numero: voucherNumber,
    /** The customer's ERP code (clientes' `codigo`); changing it moves the contract to that customer. */
    cliente: erpCode,
    grano: grainCode,
    cosecha: harvest,
    fecha: date,
    /** The kilograms contracted (the dashboard's 'Contrato' column). */
    kilos,
    tipo_precio: contractPricing,
    /** Price per tonne ('precio hecho'); absent on an 'a fijar' contract. */
    precio: contractPrice.nullish().transform((v) => v ?? null),
    moneda: z.enum(['ARS', 'USD'], { error: integrationRowMsg.monedaInvalida }).default('USD'),
    entrega_desde: optionalDate,
    entrega_hasta: optionalDate,
    destino: rowOptionalText(120),
    /** The broker's slip registered at the grain exchange. */
    boleto: rowOptionalText(40),
    /** False for a contract without a printable voucher (migrated from a previous system). */
    imprimible: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(true),
    fijaciones: z.array(fixing, { error: integrationBatchMsg.valorInvalido }).max(200, integrationContractMsg.demasiadasFijaciones).default([]),
    aplicaciones: z.array(contractApplication, { error: integrationBatchMsg.valorInvalido }).max(2000, integrationContractMsg.demasiadasAplicaciones).default([]),
  })
  .superRefine((row, ctx) => {
    if (row.tipo_precio === 'hecho' && row.precio === null) ctx.addIssue({ code: 'custom', path: ['precio'], message: integrationContractMsg.precioObligatorio });
    if (row.tipo_precio === 'fijar' && row.precio !== null) ctx.addIssue({ code: 'custom', path: ['precio'], message: integrationContractMsg.precioAFijar });
    if (row.entrega_desde !== null && row.entrega_hasta !== null && row.entrega_hasta < row.entrega_desde) {
      ctx.addIssue({ code: 'custom', path: ['entrega_hasta'], message: integrationContractMsg.entregaInvertida });
    }
    if (row.fijaciones.length && row.tipo_precio === 'hecho') ctx.addIssue({ code: 'custom', path: ['fijaciones'], message: integrationContractMsg.soloAFijarFija });
    for (const [i, f] of row.fijaciones.entries()) {
      if (f.fecha < row.fecha) ctx.addIssue({ code: 'custom', path: ['fijaciones', i, 'fecha'], message: integrationContractMsg.fijacionAnterior });
    }
    if (row.fijaciones.reduce((s, f) => s + BigInt(f.kilos), 0n) > BigInt(row.kilos)) ctx.addIssue({ code: 'custom', path: ['fijaciones'], message: integrationContractMsg.fijadoSupera });
    const seen = new Set<string>();
    for (const [i, a] of row.aplicaciones.entries()) {
      const k = `${a.tipo}|${a.punto_venta}|${a.numero}`;
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: ['aplicaciones', i], message: integrationContractMsg.aplicadoRepetido });
      seen.add(k);
    }
  });
export type ContractIntegrationRow = z.output<typeof contractIntegrationRow>;
export const contractIntegrationRemovalRow = z.object({ cuit_empresa: companyCuit, punto_venta: pointOfSale, numero: voucherNumber });
export type ContractRemovalRow = z.output<typeof contractIntegrationRemovalRow>;

export const CONTRACT_ROW_EXAMPLE = {
  punto_venta: 1,
  numero: 3017,
  cliente: 1001,
  grano: 'SOJ',
  cosecha: '2025/26',
  fecha: '2026-03-10',
  kilos: '100000',
  tipo_precio: 'fijar',
  moneda: 'USD',
  entrega_desde: '2026-04-01',
  entrega_hasta: '2026-07-31',
  destino: 'Puerto Quequén',
  boleto: '2026-004512',
  fijaciones: [{ fecha: '2026-05-12', kilos: '40000', precio: '291.50' }],
  aplicaciones: [{ tipo: 'RO', punto_venta: 1, numero: 435878, kilos: '28450' }],
};
export const CONTRACT_REMOVAL_EXAMPLE = { punto_venta: 1, numero: 3017 };

/** The row schemas of the kinds an ERP can load today, for the OpenAPI document and the reference client. */
export const INTEGRATION_ROW_SCHEMAS: Partial<Record<IntegrationKind, z.ZodType>> = {
  clientes: customerRow,
  productos: productRow,
  precios: priceRow,
  stock: stockRow,
  movimientos: movementRow,
  granos: grainVoucherRow,
  contratos: contractIntegrationRow,
  novedades: newsRow,
  posiciones: positionRow,
  autorizaciones: authorizationRow,
  recorridos: routeStopRow,
};
/** One example row per loadable kind (the OpenAPI document's examples; docs/integration.md has curl for each). */
export const INTEGRATION_ROW_EXAMPLES: Partial<Record<IntegrationKind, Record<string, unknown>>> = {
  clientes: {
    codigo: 1001,
    razon_social: 'Juan Pérez',
    cuit: '20123456786',
    vendedor: 1,
    lista_precios: null,
    telefono: '2954 412345',
    email: 'jperez@example.com.ar',
    localidad: 'Santa Rosa',
    provincia: 'La Pampa',
    activo: true,
  },
  productos: {
    codigo: 5001,
    codigo_alfa: 'GLI-20',
    nombre: 'Glifosato 66,2% x 20 l',
    unidad_venta: 'Bidón x 20 l',
    unidad: 'l',
    factor: '20',
    familia: { codigo: 3, nombre: 'Herbicidas' },
    marca: { codigo: 12, nombre: 'Atanor' },
    codigo_barras: '7791234500017',
    otros_codigos_barras: ['ART-5001'],
    activo: true,
  },
  precios: { lista: 1, lista_nombre: 'Lista general', producto: 5001, moneda: 'USD', precio: '152.40', descuento1: '5', precio_minimo: '140.00', precio_maximo: '160.00' },
  stock: { deposito: 1, deposito_nombre: 'Depósito central', producto: 5001, cantidad: '84' },
  movimientos: MOVEMENT_ROW_EXAMPLE,
  granos: GRAIN_ROW_EXAMPLE,
  contratos: CONTRACT_ROW_EXAMPLE,
  novedades: NEWS_ROW_EXAMPLE,
  posiciones: POSITION_ROW_EXAMPLE,
  autorizaciones: AUTHORIZATION_ROW_EXAMPLE,
  recorridos: ROUTE_STOP_ROW_EXAMPLE,
};
/** The removal rows of each loadable kind: the row's key alone. */
export const INTEGRATION_REMOVAL_EXAMPLES: Partial<Record<IntegrationKind, Record<string, unknown>>> = {
  clientes: { codigo: 1001 },
  productos: { codigo: 5001 },
  precios: { lista: 1, producto: 5001 },
  stock: { deposito: 1, producto: 5001 },
  movimientos: MOVEMENT_REMOVAL_EXAMPLE,
  granos: GRAIN_REMOVAL_EXAMPLE,
  contratos: CONTRACT_REMOVAL_EXAMPLE,
  novedades: { codigo: 31 },
  posiciones: POSITION_REMOVAL_EXAMPLE,
  autorizaciones: AUTHORIZATION_REMOVAL_EXAMPLE,
  recorridos: ROUTE_STOP_REMOVAL_EXAMPLE,
};
