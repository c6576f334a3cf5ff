import { z } from 'zod';
import { receiptsMsg } from './receipts.js';
import { msg } from './messages.js';
import { idSchema, offsetSchema } from './common.js';
import { apellidoField, emailField, entidad, newPasswordField, nombreField } from './access.js';

/**
 * Administration (access.md §6–§8, statements.md 'Module configuration'): users of the company, the entity an
 * administrator acts as, module configuration per company and per user, module parameters, filter lists and
 * the caller's companies. The spec leaves most payloads open; what is decided here is recorded in
 * docs/decisions/admin.md.
 */

/** Profile ids and names as the access migration creates them (access.md §6: 1 = customer). */
export const PERFILES = [
  { id: 1, descripcion: 'Cliente' },
  { id: 2, descripcion: 'Vendedor' },
  { id: 3, descripcion: 'Jefe de zona' },
  { id: 4, descripcion: 'Repartidor' },
  { id: 5, descripcion: 'Depósito' },
  { id: 6, descripcion: 'Autorizador' },
] as const;

/** Currencies an account can hide from its statements (ocultamonedas). */
export const MONEDAS = ['ARS', 'USD'] as const;

/** A path segment under /configuraciones that is not a username. */
export const RESERVED_USERNAMES = ['parametros_modulos'] as const;

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
  .array(z.number({ error: msg.perfilInexistente }).int(msg.perfilInexistente).positive(msg.perfilInexistente), { error: msg.perfilObligatorio })
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

/** The remote search runs only past 3 characters (access.md §5, §9); the server holds the same rule. */
export const ENTITY_SEARCH_MIN = 4;
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

export const PARAMETROS = ['recibos.permite_anticipos', 'recibos.modifica_fecha', 'pedidos.muestra_tipooperacion'] as const;
export type Parametro = (typeof PARAMETROS)[number];
/** The screen's labels, and the value a company has until its administrator saves one. */
export const PARAMETRO_INFO: Record<Parametro, { label: string; ayuda: string; defecto: boolean }> = {
  'recibos.permite_anticipos': { label: 'Recibos: permite anticipos', ayuda: 'Permite cobrar sin documentos seleccionados (pago a cuenta).', defecto: false },
  'recibos.modifica_fecha': { label: 'Recibos: permite modificar la fecha', ayuda: 'La fecha del recibo puede cambiarse (nunca a una fecha futura).', defecto: false },
  'pedidos.muestra_tipooperacion': { label: 'Pedidos: muestra el tipo de operación', ayuda: 'El pedido pide elegir el tipo de operación.', defecto: false },
};
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

export const AUDIT_PAGE_SIZE = 20;
export const auditMsg = { rangoInvertido: msg.fechasInvertidas } as const;
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
/**
 * The screen's names of the actions the server records (apps/server: every `writeAudit` call). An action not named
 * here (one added later) is shown by its code. `AUDIT_ACTION_GROUPS` are the filter's choices: a group's value is a
 * prefix that also matches its sub-actions (`accion=login` → login, login.failed, login.throttled).
 */
export const AUDIT_ACTIONS: Record<string, string> = {
  login: 'Ingreso',
  'login.failed': 'Ingreso fallido',
  'login.throttled': 'Ingreso demorado por intentos fallidos',
  'token.reuse': 'Sesión cerrada por reutilizar un token',
  'profile.save': 'Datos personales modificados',
  'profile.password': 'Contraseña cambiada',
  'profile.forced-change': 'Contraseña cambiada (obligatorio)',
  'session.added': 'Sesión de empresa agregada',
  'session.deleted': 'Sesión de empresa quitada',
  'session.no-entities': 'Sesión de empresa sin entidades',
  'register.completed': 'Registro completado',
  'register.bad-code': 'Registro: código incorrecto',
  'recovery.requested': 'Recuperación de contraseña pedida',
  'recovery.completed': 'Contraseña recuperada',
  'access.denied': 'Acceso denegado',
  'admin.user-created': 'Usuario creado',
  'admin.user-updated': 'Usuario modificado',
  'admin.user-removed': 'Usuario quitado de la empresa',
  'admin.user-deleted': 'Usuario eliminado',
  'admin.user-modules': 'Módulos de un usuario',
  'admin.company-modules': 'Módulos de la empresa',
  'admin.parameters': 'Parámetros de módulos',
  'admin.acting-as': 'Actuar como entidad',
  'orders.confirm': 'Pedido confirmado',
  'orders.approve': 'Pedido aprobado',
  'orders.apply': 'Pedido aplicado (facturado)',
  'purchase-orders.confirm': 'Orden de compra confirmada',
  'receipt.post': receiptsMsg.reciboGenerado,
  'receipt.approve': 'Recibo aprobado',
  'stock_voucher.authorize': 'Comprobante autorizado',
  'stock_voucher.reject': 'Comprobante rechazado',
  'warehouse.pick': 'Pedido preparado en depósito',
  'warehouse.cancel': 'Pedido cancelado en depósito',
  'stock.adjust': 'Stock ajustado',
  'stock.confirm': 'Stock confirmado',
  'field.sale': 'Venta en reparto',
  'field.sale.delete': 'Venta en reparto anulada',
  'field.containers': 'Envases registrados',
  'field.customer': 'Cliente nuevo en reparto',
  'field.visit-state': 'Estado de una visita',
};
export const AUDIT_ACTION_GROUPS: ReadonlyArray<{ label: string; options: ReadonlyArray<{ value: string; label: string }> }> = [
  {
    label: 'Accesos',
    options: [
      { value: 'login', label: 'Ingresos (todos)' },
      { value: 'login.failed', label: AUDIT_ACTIONS['login.failed']! },
      { value: 'login.throttled', label: AUDIT_ACTIONS['login.throttled']! },
      { value: 'token.reuse', label: AUDIT_ACTIONS['token.reuse']! },
      { value: 'access.denied', label: AUDIT_ACTIONS['access.denied']! },
      { value: 'session', label: 'Sesiones de empresa' },
      { value: 'profile', label: 'Datos personales y contraseña' },
      { value: 'register', label: msg.usuarioCreadoTitulo },
      { value: 'recovery', label: 'Recuperación de contraseña' },
    ],
  },
  {
    label: 'Administración',
    options: [
      { value: 'admin', label: 'Administración (todo)' },
      { value: 'admin.user-created', label: AUDIT_ACTIONS['admin.user-created']! },
      { value: 'admin.user-updated', label: AUDIT_ACTIONS['admin.user-updated']! },
      { value: 'admin.user-deleted', label: AUDIT_ACTIONS['admin.user-deleted']! },
      { value: 'admin.user-removed', label: AUDIT_ACTIONS['admin.user-removed']! },
      { value: 'admin.user-modules', label: AUDIT_ACTIONS['admin.user-modules']! },
      { value: 'admin.company-modules', label: AUDIT_ACTIONS['admin.company-modules']! },
      { value: 'admin.parameters', label: AUDIT_ACTIONS['admin.parameters']! },
      { value: 'admin.acting-as', label: AUDIT_ACTIONS['admin.acting-as']! },
    ],
  },
  {
    label: 'Operaciones',
    options: [
      { value: 'orders', label: 'Pedidos (todos)' },
      { value: 'orders.confirm', label: AUDIT_ACTIONS['orders.confirm']! },
      { value: 'orders.approve', label: AUDIT_ACTIONS['orders.approve']! },
      { value: 'orders.apply', label: AUDIT_ACTIONS['orders.apply']! },
      { value: 'purchase-orders', label: 'Órdenes de compra' },
      { value: 'receipt', label: 'Recibos' },
      { value: 'stock_voucher', label: 'Autorización de comprobantes' },
      { value: 'warehouse', label: 'Depósito (preparación)' },
      { value: 'stock', label: 'Stock' },
      { value: 'field', label: 'Reparto' },
    ],
  },
];
/** The screen's names of the detail's keys; other keys are shown as they are. */
export const AUDIT_DETAIL_LABELS: Record<string, string> = {
  login: 'Usuario ingresado',
  knownDevice: 'Dispositivo conocido',
  familyId: 'Sesión',
  reason: 'Motivo',
  url: 'Dirección',
  user: 'Usuario (id)',
  username: 'Usuario',
  fields: 'Campos',
  modules: 'Módulos',
  entity: 'Entidad',
  order: 'Pedido (id)',
  number: 'Número',
  cart: 'Carrito',
  total: 'Total',
  invoice: 'Factura (id)',
  receipt: 'Recibo (id)',
  voucher: 'Comprobante (id)',
  motivo: 'Motivo',
  product: 'Producto (id)',
  deposit: 'Depósito (id)',
  before: 'Antes',
  after: 'Después',
  quantity: 'Cantidad',
  sale: 'Venta (id)',
  sales: 'Ventas (id)',
  date: 'Fecha',
  rows: 'Renglones',
  at: 'Etapa',
  serviceid: 'Solicitud',
  state: 'Estado',
};
export const auditText = {
  titulo: 'Auditoría',
  soloLectura: 'Registro de solo lectura: los cambios de estado, con quién, cuándo, desde dónde y qué. No se puede modificar ni eliminar.',
  desde: 'Desde',
  hasta: 'Hasta',
  usuario: 'Usuario o email',
  accion: 'Acción',
  todas: 'Todas las acciones',
  limpiar: 'Limpiar filtros',
  vacio: 'No hay registros para estos filtros.',
  registros: (n: number) => (n === 1 ? '1 registro' : `${n.toLocaleString('es-AR')} registros`),
  sinUsuario: 'Sin usuario',
  sinDireccion: 'Sin dirección',
  si: 'Sí',
  no: 'No',
} as const;
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
