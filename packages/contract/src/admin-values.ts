import { msg } from './messages.js';
import { receiptsMsg } from './receipts-values.js';
import { LABELS } from './labels.js';

/**
 * Administration's zod-free values (profiles, parameters, the audit screen's texts), apart from its schemas
 * (admin.ts) so that a screen reading them does not download zod (docs/decisions/web-delivery.md, 'Every route').
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

/** The remote search runs only past 3 characters (access.md §5, §9); the server holds the same rule. */
export const ENTITY_SEARCH_MIN = 4;

export const PARAMETROS = ['recibos.permite_anticipos', 'recibos.modifica_fecha', 'pedidos.muestra_tipooperacion'] as const;
export type Parametro = (typeof PARAMETROS)[number];
/** The screen's labels, and the value a company has until its administrator saves one. */
export const PARAMETRO_INFO: Record<Parametro, { label: string; ayuda: string; defecto: boolean }> = {
  'recibos.permite_anticipos': { label: 'Recibos: permite anticipos', ayuda: 'Permite cobrar sin documentos seleccionados (pago a cuenta).', defecto: false },
  'recibos.modifica_fecha': { label: 'Recibos: permite modificar la fecha', ayuda: 'La fecha del recibo puede cambiarse (nunca a una fecha futura).', defecto: false },
  'pedidos.muestra_tipooperacion': { label: 'Pedidos: muestra el tipo de operación', ayuda: 'El pedido pide elegir el tipo de operación.', defecto: false },
};

export const AUDIT_PAGE_SIZE = 20;
export const auditMsg = { rangoInvertido: msg.fechasInvertidas } as const;

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
  'integration.key-created': 'Clave de integración creada',
  'integration.key-revoked': 'Clave de integración revocada',
  'integration.batch': 'Lote recibido del sistema de gestión',
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
    label: LABELS.integracion,
    options: [
      { value: 'integration', label: 'Integración (todo)' },
      { value: 'integration.key-created', label: AUDIT_ACTIONS['integration.key-created']! },
      { value: 'integration.key-revoked', label: AUDIT_ACTIONS['integration.key-revoked']! },
      { value: 'integration.batch', label: AUDIT_ACTIONS['integration.batch']! },
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
  quantity: LABELS.cantidad,
  sale: 'Venta (id)',
  sales: 'Ventas (id)',
  date: LABELS.fecha,
  rows: 'Renglones',
  at: 'Etapa',
  serviceid: 'Solicitud',
  state: LABELS.estado,
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
