import { z } from 'zod';
import { msg } from './messages.js';
import { idSchema, offsetSchema } from './common.js';
import { apellidoField, emailField, entidad, newPasswordField, nombreField } from './access.js';
import { AUDIT_PAGE_SIZE, ENTITY_SEARCH_MIN, auditMsg, MONEDAS, RESERVED_USERNAMES } from './admin-values.js';
import { DRIVER_CODE_PATTERN, integrationRoutePlanMsg } from './integration-values.js';

/**
 * Administration (access.md §6–§8, statements.md 'Module configuration'): users of the company, the entity an
 * administrator acts as, module configuration per company and per user, module parameters, filter lists and
 * the caller's companies. The spec leaves most payloads open; what is decided here is recorded in
 * docs/decisions/admin.md.
 */

export * from './admin-values.js';


// ── Users (GET/POST /proxy/usuarios, PATCH /proxy/usuarios/{id}, DELETE /proxy/usuarios/{username}) ──────────

export const newUsernameField = z
  .string({ error: msg.usuarioObligatorio })
  .trim()
  .toLowerCase()
  .min(1, msg.usuarioObligatorio)
  .min(3, msg.usuarioCorto)
  .max(60, msg.usuarioCaracteres)
  .regex(/^[a-z0-9._@+-]+$/, msg.usuarioCaracteres)
  .refine((v) => !(RESERVED_USERNAMES as readonly string[]).includes(v), msg.usuarioReservado);

const unique = <T>(list: T[]) => [...new Set(list)];
export const perfilesField = z
  .array(idSchema(msg.perfilInexistente, { coerce: false }), { error: msg.perfilObligatorio })
  .min(1, msg.perfilObligatorio)
  .max(20, msg.perfilInexistente)
  .transform(unique);
/** Entity codes (codent) of the company. */
export const entidadesField = z
  .array(idSchema(msg.solicitudInvalida, { coerce: false }), { error: msg.solicitudInvalida })
  .max(1000, msg.solicitudInvalida)
  .transform(unique);
export const ocultamonedasField = z
  .array(z.enum(MONEDAS, { error: msg.solicitudInvalida }), { error: msg.solicitudInvalida })
  .transform(unique);

/**
 * The user's code as a driver or rep in the company's ERP (its route plans name the driver by it: recorridos'
 * `chofer`). Empty or null clears it; unique within the company.
 */
export const codigoChoferField = z
  .string({ error: integrationRoutePlanMsg.choferInvalido })
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(z.string().regex(DRIVER_CODE_PATTERN, integrationRoutePlanMsg.choferInvalido).nullable())
  .nullable();

export const usuariosListQuery = z.object({
  start: offsetSchema(msg.solicitudInvalida).default(0),
  limit: z.coerce.number({ error: msg.solicitudInvalida }).int(msg.solicitudInvalida).min(1, msg.solicitudInvalida).max(100, msg.solicitudInvalida).default(20),
  /** Matches username, e-mail, first or last name (case and accent as typed, contains). */
  patron: z.string().trim().max(80, msg.maximoOchenta).optional(),
});
export type UsuariosListQuery = z.output<typeof usuariosListQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  perfiles: z.array(z.number().int()),
  entidades: z.array(z.object({ codent: z.number().int(), razsoc: z.string() })),
  agrupactasctes: z.boolean(),
  ocultamonedas: z.array(z.string()),
  adminweb: z.boolean(),
  /** The code its ERP's route plans name it by (null: none yet). */
  codigo_chofer: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const usuariosListResponse = z.object({ success: z.literal(true), total: z.number().int(), items: z.array(adminUser) });
export type UsuariosListResponse = z.infer<typeof usuariosListResponse>;

export const createUserRequest = z.object({
  username: newUsernameField,
  email: emailField,
  first_name: nombreField,
  last_name: apellidoField,
  password: newPasswordField,
  perfiles: perfilesField,
  entidades: entidadesField.default([]),
  agrupactasctes: z.boolean({ error: msg.solicitudInvalida }).default(false),
  ocultamonedas: ocultamonedasField.default([]),
  codigo_chofer: codigoChoferField.default(null),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

/** PATCH /proxy/usuarios/{id}: each field present is changed; the username and the password are not. */
export const updateUserRequest = z.object({
  email: emailField.optional(),
  first_name: nombreField.optional(),
  last_name: apellidoField.optional(),
  perfiles: perfilesField.optional(),
  entidades: entidadesField.optional(),
  agrupactasctes: z.boolean({ error: msg.solicitudInvalida }).optional(),
  ocultamonedas: ocultamonedasField.optional(),
  codigo_chofer: codigoChoferField.optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

/**
 * PATCH /proxy/usuarios/{username} with { entidad, actua_como } (access.md §7): an administrator chooses the
 * entity (codent) to act as; actua_como false stops acting as one. Told apart from the edit by `actua_como`.
 */
export const actuaComoRequest = z
  .object({
    entidad: idSchema(msg.entidadObligatoria, { coerce: false }).nullable().optional(),
    actua_como: z.boolean({ error: msg.solicitudInvalida }),
  })
  .refine((v) => !v.actua_como || (v.entidad !== null && v.entidad !== undefined), { message: msg.entidadObligatoria, path: ['entidad'] });
export type ActuaComoRequest = z.input<typeof actuaComoRequest>;
export const isActuaComoBody = (body: unknown): boolean => typeof body === 'object' && body !== null && 'actua_como' in body;

/**
 * PATCH /proxy/usuarios/{id} answers two calls told apart by the body (access.md §7): the choice of entity
 * (`actua_como` present) and the edit of a user. Each has its own body schema; the route parses the body with
 * the schema of its call, and the route descriptor carries their union for the API docs only.
 */
export const updateUserBodies = { actuaComo: actuaComoRequest, edit: updateUserRequest } as const;
export type UpdateUserCall = keyof typeof updateUserBodies;
export const updateUserCallOf = (body: unknown): UpdateUserCall => (isActuaComoBody(body) ? 'actuaComo' : 'edit');

export const userIdParams = z.object({ id: z.string().trim().min(1).max(254) });
export const usernameParams = z.object({ username: z.string().trim().toLowerCase().min(1).max(254) });

export const userSaveResponse = z.object({ success: z.literal(true), msg: z.string(), item: adminUser });
export const actuaComoResponse = z.object({ success: z.literal(true), msg: z.string(), entidad: entidad.nullable() });
export const deleteUserResponse = z.object({ success: z.literal(true), msg: z.string() });

// ── Entity lookup for administrators (GET /proxy/cgi/etenet_entidades?patron= | ?codent=) ─────────────────────

export const entidadesSearchQuery = z
  .object({
    patron: z.string().trim().min(ENTITY_SEARCH_MIN, msg.busquedaCorta).max(80, msg.maximoOchenta).optional(),
    codent: idSchema(msg.entidadSinAcceso).optional(),
  })
  .refine((v) => (v.patron === undefined) !== (v.codent === undefined), msg.busquedaSinCriterio);
export const entidadesSearchResponse = z.object({ success: z.literal(true), entidades: z.array(entidad) });
export type EntidadesSearchResponse = z.infer<typeof entidadesSearchResponse>;

// ── Module configuration (GET/POST /configuraciones, GET/PUT /configuraciones/{username}) ─────────────────────

const isoDate = z
  .string({ error: msg.fechaInvalida })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.fechaInvalida)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, msg.fechaInvalida);

/**
 * A node of the tree (access.md §3). mobile/desktop/fecha_* are the values of the tree asked for (the company's,
 * or the user's own when the user has a row, else the company's inherited); empresa_* are always the company's.
 * rango is true when the node is limited to dates. Dates are 'YYYY-MM-DD', null meaning no limit on that side.
 */
export type ModuleNode = {
  id: string;
  nombre: string;
  icono: string;
  mobile: boolean;
  desktop: boolean;
  rango: boolean;
  fecha_desde: string | null;
  fecha_hasta: string | null;
  empresa_mobile: boolean;
  empresa_desktop: boolean;
  empresa_fecha_desde: string | null;
  empresa_fecha_hasta: string | null;
  /** For a user's tree: the user has a configuration of their own for this module (else it is inherited). */
  propio?: boolean;
  children: ModuleNode[];
};
export const moduleNode: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    nombre: z.string(),
    icono: z.string(),
    mobile: z.boolean(),
    desktop: z.boolean(),
    rango: z.boolean(),
    fecha_desde: z.string().nullable(),
    fecha_hasta: z.string().nullable(),
    empresa_mobile: z.boolean(),
    empresa_desktop: z.boolean(),
    empresa_fecha_desde: z.string().nullable(),
    empresa_fecha_hasta: z.string().nullable(),
    propio: z.boolean().optional(),
    children: z.array(moduleNode),
  }),
);

/** What a save reads of each node; nombre, icono and empresa_* are accepted and ignored. */
export type ModuleNodeInput = {
  id: string;
  mobile: boolean;
  desktop: boolean;
  rango?: boolean | undefined;
  fecha_desde?: string | null | undefined;
  fecha_hasta?: string | null | undefined;
  children?: ModuleNodeInput[] | undefined;
};
export const moduleNodeInput: z.ZodType<ModuleNodeInput> = z.lazy(() =>
  z
    .object({
      id: z.string({ error: msg.solicitudInvalida }).min(1, msg.solicitudInvalida).max(80, msg.solicitudInvalida),
      mobile: z.boolean({ error: msg.solicitudInvalida }),
      desktop: z.boolean({ error: msg.solicitudInvalida }),
      rango: z.boolean({ error: msg.solicitudInvalida }).optional(),
      fecha_desde: isoDate.nullable().optional(),
      fecha_hasta: isoDate.nullable().optional(),
      children: z.array(moduleNodeInput).max(200, msg.solicitudInvalida).optional(),
    })
    .refine((n) => !n.fecha_desde || !n.fecha_hasta || n.fecha_desde <= n.fecha_hasta, { message: msg.fechasInvertidas, path: ['fecha_hasta'] }),
);
export const modulesSaveRequest = z.object({ menu: z.array(moduleNodeInput, { error: msg.solicitudInvalida }).max(200, msg.solicitudInvalida) });
export type ModulesSaveRequest = z.input<typeof modulesSaveRequest>;
export const modulesResponse = z.object({ success: z.literal(true), menu: z.array(moduleNode) });
export type ModulesResponse = z.infer<typeof modulesResponse>;
export const modulesSaveResponse = z.object({ success: z.boolean(), warning: z.boolean(), msg: z.string() });
export type ModulesSaveResponse = z.infer<typeof modulesSaveResponse>;

// ── Module parameters (GET/PUT /configuraciones/parametros_modulos) ──────────────────────────────────────────

const parametroValue = z.boolean({ error: msg.parametroInvalido });
export const configuracion = z.object({
  'recibos.permite_anticipos': parametroValue,
  'recibos.modifica_fecha': parametroValue,
  'pedidos.muestra_tipooperacion': parametroValue,
});
export type Configuracion = z.infer<typeof configuracion>;
export const parametrosResponse = z.object({ success: z.literal(true), configuracion });
export type ParametrosResponse = z.infer<typeof parametrosResponse>;
/** Each parameter present is changed; an unknown one is refused. */
export const parametrosSaveRequest = z.object({
  configuracion: z.strictObject(configuracion.partial().shape, { error: msg.parametroInvalido }),
});
export type ParametrosSaveRequest = z.input<typeof parametrosSaveRequest>;
export const parametrosSaveResponse = z.object({ success: z.literal(true), msg: z.string(), configuracion });

// ── Filter lists and companies ───────────────────────────────────────────────────────────────────────────────

/** Vendedores and zonas by their code, entidades by codent (the codes the filters of other areas send). */
export const filterItem = z.object({ id: z.number().int(), descripcion: z.string() });
export type FilterItem = z.infer<typeof filterItem>;
export const filterListResponse = z.object({ success: z.literal(true), items: z.array(filterItem) });
export type FilterListResponse = z.infer<typeof filterListResponse>;

export const empresa = z.object({ cuit: z.string(), razonsocial: z.string(), codemp: z.number().int() });
export const empresasResponse = z.object({ success: z.literal(true), items: z.array(empresa) });
export type EmpresasResponse = z.infer<typeof empresasResponse>;

// ── Audit trail (GET /proxy/auditoria): read-only, administrators of the company ─────────────────────────────

export const auditQuery = z
  .object({
    desde: isoDate.optional(),
    hasta: isoDate.optional(),
    /** Username or e-mail, or part of it (accent- and case-insensitive). */
    usuario: z.string({ error: msg.solicitudInvalida }).trim().max(254, msg.solicitudInvalida).optional(),
    /** Action, or its start: 'login' matches login, login.failed, login.throttled. */
    accion: z.string({ error: msg.solicitudInvalida }).trim().max(80, msg.solicitudInvalida).optional(),
    start: offsetSchema(msg.solicitudInvalida).default(0),
    limit: z.coerce.number({ error: msg.solicitudInvalida }).int(msg.solicitudInvalida).min(1, msg.solicitudInvalida).max(100, msg.solicitudInvalida).default(AUDIT_PAGE_SIZE),
  })
  .refine((v) => !v.desde || !v.hasta || v.desde <= v.hasta, { message: auditMsg.rangoInvertido, path: ['desde'] });
export type AuditQuery = z.input<typeof auditQuery>;
export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO date-time of the change. */
  fecha: z.string(),
  usuario: z.string().nullable(),
  accion: z.string(),
  ip: z.string().nullable(),
  detalle: z.record(z.string(), z.unknown()),
});
export type AuditEntryWire = z.infer<typeof auditEntry>;
export const auditListResponse = z.object({ success: z.literal(true), total: z.number().int(), items: z.array(auditEntry) });
export type AuditListResponse = z.infer<typeof auditListResponse>;
