import { z } from 'zod';
import { companyCuit, erpCode, rowOptionalText } from './integration.js';
import { DIAS } from './field-values.js';
import { DRIVER_CODE_PATTERN, integrationRoutePlanMsg } from './integration-values.js';

/**
 * The drivers' and reps' route plans an ERP sends (`recorridos`, docs/integration.md): which customers a driver
 * visits on each weekday, in which order and shift. One row is one stop, keyed by the ERP's driver code, the weekday
 * and the customer's code; the field app's day ('Visitas', /api/field/visitas) lists them.
 */


const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const DAY_BY_NAME = new Map(DIAS.map((d, i) => [fold(d), i + 1]));

/** The driver's or rep's code in the ERP (text: ERPs number them or name them, CH07). */
const driverCode = z
  .union([z.string({ error: integrationRoutePlanMsg.choferInvalido }), z.number({ error: integrationRoutePlanMsg.choferInvalido }).int(integrationRoutePlanMsg.choferInvalido).nonnegative(integrationRoutePlanMsg.choferInvalido)], {
    error: integrationRoutePlanMsg.choferInvalido,
  })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(DRIVER_CODE_PATTERN, integrationRoutePlanMsg.choferInvalido));
/** The weekday, 1 = lunes … 7 = domingo: its name (accents and case aside) or its number. */
const weekday = z
  .union([z.string({ error: integrationRoutePlanMsg.diaInvalido }), z.number({ error: integrationRoutePlanMsg.diaInvalido })], { error: integrationRoutePlanMsg.diaInvalido })
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : DAY_BY_NAME.get(fold(v.trim())) ?? (/^[1-7]$/.test(v.trim()) ? Number(v.trim()) : undefined);
    if (n === undefined || !Number.isInteger(n) || n < 1 || n > 7) {
      ctx.addIssue({ code: 'custom', message: integrationRoutePlanMsg.diaInvalido });
      return z.NEVER;
    }
    return n;
  });
const hour = z
  .string({ error: integrationRoutePlanMsg.horaInvalida })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, integrationRoutePlanMsg.horaInvalida)
  .nullish()
  .transform((v) => v ?? null);

/** One stop of a driver's weekday route, keyed by (chofer, dia, cliente) within the company. */
export const routeStopRow = z
  .object({
    cuit_empresa: companyCuit,
    /** The driver's or rep's code in the ERP; a portal user holds it (`usuario` binds it). */
    chofer: driverCode,
    /** The portal user who drives, by username or email: binds `chofer` to that user the first time. */
    usuario: rowOptionalText(120),
    dia: weekday,
    /** The customer's ERP code (clientes' `codigo`). */
    cliente: erpCode,
    /** The stop's place in the day's plan (the field app lists the day in this order within each shift). */
    orden: z.number({ error: integrationRoutePlanMsg.ordenInvalido }).int(integrationRoutePlanMsg.ordenInvalido).min(1, integrationRoutePlanMsg.ordenInvalido).max(9999, integrationRoutePlanMsg.ordenInvalido),
    /** Default: 'tarde' when `hora` is 13:00 or later, 'mañana' otherwise. */
    turno: z.enum(['mañana', 'tarde'], { error: integrationRoutePlanMsg.turnoInvalido }).nullish(),
    hora: hour,
    /** What the driver reads on the card ("Dejar 4 bidones", "Portón verde"). */
    nota: rowOptionalText(300),
  })
  .transform(({ turno, ...r }) => ({ ...r, turno: turno ?? (r.hora !== null && r.hora >= '13:00' ? ('tarde' as const) : ('mañana' as const)) }));
export type RouteStopRow = z.output<typeof routeStopRow>;
export const routeStopRemovalRow = z.object({ cuit_empresa: companyCuit, chofer: driverCode, dia: weekday, cliente: erpCode });
export type RouteStopRemovalRow = z.output<typeof routeStopRemovalRow>;

export const ROUTE_STOP_ROW_EXAMPLE = { chofer: 'CH07', usuario: 'repartidor', dia: 'martes', cliente: 1001, orden: 1, turno: 'mañana', hora: '08:30', nota: 'Dejar 4 bidones' };
export const ROUTE_STOP_REMOVAL_EXAMPLE = { chofer: 'CH07', dia: 'martes', cliente: 1001 };
