import { z } from 'zod';
import { isValidCuit } from './cuit.js';
import type { RouteDef } from './routes.js';
import { LABELS } from './labels.js';
import { SPREADSHEET, SPREADSHEET_KINDS, spreadsheetMsg } from './integration-spreadsheet-values.js';

/**
 * The ERP integration (docs/integration.md): keys the company's administrator issues to its systems, and the
 * versioned API those systems call with them. Everything a key reads or writes belongs to its company.
 */
export const INTEGRATION_API_PREFIX = '/api/integration/v1';

/** What an ERP loads into the portal, most important first; a key's scopes name which it may write and read. */
export const INTEGRATION_KINDS = [
  'clientes',
  'productos',
  'precios',
  'stock',
  'movimientos',
  'pendientes',
  'granos',
  'contratos',
  'posiciones',
  'autorizaciones',
  'recorridos',
  'novedades',
] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  clientes: 'Clientes y entidades',
  productos: 'Productos',
  precios: 'Listas de precios y precios',
  stock: 'Stock por depósito',
  movimientos: 'Movimientos de cuenta corriente',
  pendientes: 'Documentos pendientes',
  granos: 'Granos: movimientos y certificados',
  contratos: 'Contratos y fijaciones',
  posiciones: 'Posiciones de stock y entregas',
  autorizaciones: 'Comprobantes a autorizar',
  recorridos: 'Recorridos de reparto y visitas',
  novedades: 'Novedades y banners',
};

/**
 * What a key may read: every kind it may load, and the portal's own events (GET …/eventos: orders, receipts,
 * pickings, stock counts, field sales, in commit order; integration-events.ts).
 */
export const INTEGRATION_READ_KINDS = [...INTEGRATION_KINDS, 'eventos'] as const;
export type IntegrationReadKind = (typeof INTEGRATION_READ_KINDS)[number];
export const INTEGRATION_READ_KIND_LABELS: Record<IntegrationReadKind, string> = {
  ...INTEGRATION_KIND_LABELS,
  eventos: 'Eventos del portal (pedidos, recibos, preparaciones, stock, ventas de campo)',
};

/** The key's secret: `pic_` + a public prefix of 12 characters + `_` + 43 characters of secret (base64url). */
export const INTEGRATION_KEY_PATTERN = /^pic_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
/** How many batches the 'Integración' screen lists. */
export const INTEGRATION_BATCHES_SHOWN = 20;

/** Every Spanish text of the integration, written once for server and browser. */
export const integrationMsg = {
  titulo: LABELS.integracion,
  intro:
    'Las claves de integración permiten que el sistema de gestión (ERP) de la empresa cargue y mantenga al día los datos del portal. ' +
    'Cada clave pertenece a esta empresa y solo puede escribir y leer lo que se le habilita.',
  claves: 'Claves de integración',
  nuevaClave: 'Nueva clave',
  crearClave: 'Crear clave',
  nombre: 'Nombre',
  nombrePlaceholder: 'Ej.: ERP Tango',
  escribe: 'Puede escribir',
  lee: 'Puede leer',
  prefijo: LABELS.clave,
  creada: 'Creada',
  ultimoUso: 'Último uso',
  nuncaUsada: 'Nunca usada',
  estado: LABELS.estado,
  activa: 'Activa',
  revocada: 'Revocada',
  revocar: 'Revocar',
  revocarConfirmar: '¿Revocar la clave? El sistema que la use dejará de poder conectarse.',
  claveRevocada: 'Clave revocada',
  sinClaves: 'No hay claves de integración',
  secretoTitulo: 'Clave creada',
  secretoAviso: 'Copie la clave ahora: por seguridad no se volverá a mostrar. Si la pierde, revóquela y cree otra.',
  copiar: LABELS.copiar,
  copiada: 'Clave copiada',
  entendido: 'Ya la guardé',
  lotes: 'Últimos lotes recibidos',
  sinLotes: 'Todavía no se recibieron lotes',
  fecha: LABELS.fecha,
  clave: LABELS.clave,
  tipo: LABELS.tipo,
  operacion: 'Operación',
  aceptadas: 'Aceptadas',
  sinCambios: 'Sin cambios',
  rechazadas: 'Rechazadas',
  alta: 'Alta o modificación',
  baja: 'Baja',
  // Validation and refusals
  nombreObligatorio: 'Ingrese un nombre para la clave',
  nombreLargo: 'El nombre admite hasta 80 caracteres',
  nombreRepetido: 'Ya hay una clave activa con ese nombre',
  alcanceObligatorio: 'Elija al menos un tipo de dato que la clave pueda escribir o leer',
  tipoInvalido: 'Tipo de dato desconocido',
  claveInexistente: 'La clave no existe',
  claveYaRevocada: 'La clave ya estaba revocada',
  claveObligatoria: 'Falta la clave de integración (encabezado Authorization: Bearer pic_…)',
  claveInvalida: 'Clave de integración inválida',
  claveRevocadaAcceso: 'La clave de integración fue revocada',
  soloClaves: 'Esta ruta es para sistemas de gestión: use una clave de integración, no una sesión de usuario',
  soloUsuarios: 'Las claves de integración solo sirven en /api/integration/v1',
  sinPermisoEscribir: (kind: string) => `La clave no tiene permiso para escribir ${kind}`,
  sinPermisoLeer: (kind: string) => `La clave no tiene permiso para leer ${kind}`,
  demasiadasSolicitudes: 'Demasiadas solicitudes con esta clave. Espere un momento y vuelva a intentar.',
} as const;

const kind = z.enum(INTEGRATION_KINDS, { error: integrationMsg.tipoInvalido });
const kinds = z.array(kind, { error: integrationMsg.tipoInvalido }).max(INTEGRATION_KINDS.length, integrationMsg.tipoInvalido).transform((v) => [...new Set(v)]);
const readKind = z.enum(INTEGRATION_READ_KINDS, { error: integrationMsg.tipoInvalido });
const readKinds = z.array(readKind, { error: integrationMsg.tipoInvalido }).max(INTEGRATION_READ_KINDS.length, integrationMsg.tipoInvalido).transform((v) => [...new Set(v)]);

export const createIntegrationKeyRequest = z
  .object({
    nombre: z.string({ error: integrationMsg.nombreObligatorio }).trim().min(1, integrationMsg.nombreObligatorio).max(80, integrationMsg.nombreLargo),
    escribir: kinds.default([]),
    leer: readKinds.default([]),
  })
  .refine((v) => v.escribir.length + v.leer.length > 0, { message: integrationMsg.alcanceObligatorio, path: ['escribir'] });
export type CreateIntegrationKeyRequest = z.input<typeof createIntegrationKeyRequest>;

export const integrationKeyWire = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** The key's public part (pic_XXXXXXXXXXXX): it names the key; the secret after it is never shown again. */
  prefijo: z.string(),
  escribir: z.array(kind),
  leer: z.array(readKind),
  /** ISO date-times. */
  creada: z.string(),
  creada_por: z.string().nullable(),
  ultimo_uso: z.string().nullable(),
  revocada: z.string().nullable(),
});
export type IntegrationKeyWire = z.infer<typeof integrationKeyWire>;

export const integrationKeysResponse = z.object({ success: z.literal(true), items: z.array(integrationKeyWire) });
export type IntegrationKeysResponse = z.infer<typeof integrationKeysResponse>;
/** The answer to creating a key: the only time its whole secret is sent. */
export const createIntegrationKeyResponse = z.object({ success: z.literal(true), clave: integrationKeyWire, secreto: z.string() });
export type CreateIntegrationKeyResponse = z.infer<typeof createIntegrationKeyResponse>;
export const revokeIntegrationKeyResponse = z.object({ success: z.literal(true), msg: z.string(), clave: integrationKeyWire });
export const integrationKeyParams = z.object({ id: z.coerce.number({ error: integrationMsg.claveInexistente }).int(integrationMsg.claveInexistente).min(1, integrationMsg.claveInexistente).max(2_147_483_647, integrationMsg.claveInexistente) });

export const INTEGRATION_OPERATIONS = ['alta', 'baja'] as const;
export type IntegrationOperation = (typeof INTEGRATION_OPERATIONS)[number];
export const INTEGRATION_BATCH_STATES = ['procesando', 'completo', 'fallido'] as const;

export const integrationBatchWire = z.object({
  id: z.string(),
  /** The key's name, or 'Planilla (usuario)' for a spreadsheet an administrator applied. */
  clave: z.string(),
  /** The spreadsheet's file name; null for a key's batch. */
  archivo: z.string().nullable(),
  tipo: kind,
  operacion: z.enum(INTEGRATION_OPERATIONS),
  estado: z.enum(INTEGRATION_BATCH_STATES),
  recibidas: z.number().int(),
  aceptadas: z.number().int(),
  sin_cambios: z.number().int(),
  rechazadas: z.number().int(),
  error: z.string().nullable(),
  inicio: z.string(),
  fin: z.string().nullable(),
});
export type IntegrationBatchWire = z.infer<typeof integrationBatchWire>;
export const integrationBatchesResponse = z.object({ success: z.literal(true), items: z.array(integrationBatchWire) });
export type IntegrationBatchesResponse = z.infer<typeof integrationBatchesResponse>;

/** GET /api/integration/v1/clave: the key the call was made with, for an ERP developer to check the setup. */
export const integrationWhoAmIResponse = z.object({
  success: z.literal(true),
  empresa: z.object({ cuit: z.string(), nombre: z.string() }),
  clave: z.object({ nombre: z.string(), prefijo: z.string(), escribir: z.array(kind), leer: z.array(readKind) }),
});
export type IntegrationWhoAmIResponse = z.infer<typeof integrationWhoAmIResponse>;

// ── Batches ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The texts of a batch's answer and refusals. */
export const integrationBatchMsg = {
  cuerpoMalFormado: (row: number, why: string) => (row > 0 ? `Cuerpo mal formado en la fila ${row}: ${why}. No se escribió nada.` : `Cuerpo mal formado: ${why}. No se escribió nada.`),
  jsonInvalido: 'no es JSON válido',
  jsonIncompleto: 'la lista no termina (falta el corchete de cierre)',
  noEsLista: 'se esperaba una lista JSON de filas ([ {...}, {...} ]) o NDJSON (una fila por línea)',
  filaNoObjeto: 'cada fila debe ser un objeto JSON',
  filaLarga: (bytes: number) => `la fila supera los ${bytes} bytes`,
  demasiadasFilas: (max: number) => `El lote supera las ${max} filas: envíelo en varios lotes. No se escribió nada.`,
  formatoNoSoportado: 'Envíe el lote como application/json (una lista de filas) o application/x-ndjson (una fila por línea)',
  loteVacio: 'El lote no trae filas',
  filaDeOtraEmpresa: (row: number) => `La fila ${row} es de otra empresa (cuit_empresa): la clave solo escribe en su empresa. No se escribió nada.`,
  codigoRepetido: (first: number) => `El código ya vino en la fila ${first} de este lote`,
  noExiste: 'No existe: no se puede dar de baja',
  valorInvalido: 'Valor inválido',
  cuitInvalido: 'El CUIT no es válido (11 dígitos con su dígito verificador)',
  codigoInvalido: 'El código debe ser un número entero entre 1 y 999999999',
  textoObligatorio: 'Este dato es obligatorio',
  textoLargo: (max: number) => `Admite hasta ${max} caracteres`,
  emailInvalido: 'El email no es válido',
  vendedorInexistente: (code: number) => `No existe el vendedor ${code}`,
  listaInexistente: (code: number) => `No existe la lista de precios ${code}`,
} as const;

export const erpCode = z
  .number({ error: integrationBatchMsg.codigoInvalido })
  .int(integrationBatchMsg.codigoInvalido)
  .min(1, integrationBatchMsg.codigoInvalido)
  .max(999_999_999, integrationBatchMsg.codigoInvalido);
/** A row's required text, its optional text (empty → null) and its company: shared by every kind's row schema. */
export const rowText = (max: number) =>
  z.string({ error: integrationBatchMsg.textoObligatorio }).trim().min(1, integrationBatchMsg.textoObligatorio).max(max, integrationBatchMsg.textoLargo(max));
export const rowOptionalText = (max: number) =>
  z
    .string({ error: integrationBatchMsg.valorInvalido })
    .trim()
    .max(max, integrationBatchMsg.textoLargo(max))
    .nullish()
    .transform((v) => (v ? v : null));
/** Every row may name its company; a row of another company refuses the whole batch (403). */
export const companyCuit = z.string({ error: integrationBatchMsg.cuitInvalido }).regex(/^\d{11}$/, integrationBatchMsg.cuitInvalido).optional();

/** A customer (an entity of the company), keyed by the ERP's customer code. */
export const customerRow = z.object({
  cuit_empresa: companyCuit,
  codigo: erpCode,
  razon_social: rowText(200),
  descripcion: rowOptionalText(200),
  cuit: z.string({ error: integrationBatchMsg.cuitInvalido }).regex(/^\d{11}$/, integrationBatchMsg.cuitInvalido).refine(isValidCuit, integrationBatchMsg.cuitInvalido),
  /** The seller's code in the ERP (sellers carry their zone); null: none. */
  vendedor: erpCode.nullish().transform((v) => v ?? null),
  /** The price list's code; null: the company's default list. */
  lista_precios: erpCode.nullish().transform((v) => v ?? null),
  telefono: rowOptionalText(40),
  email: z.email({ error: integrationBatchMsg.emailInvalido }).max(254, integrationBatchMsg.textoLargo(254)).nullish().transform((v) => v ?? null),
  localidad: rowOptionalText(120),
  provincia: rowOptionalText(120),
  activo: z.boolean({ error: integrationBatchMsg.valorInvalido }).default(true),
});
export type CustomerRow = z.output<typeof customerRow>;

/** A removal names rows by their code only. */
export const removalRow = z.object({ cuit_empresa: companyCuit, codigo: erpCode });
export type RemovalRow = z.output<typeof removalRow>;

export const integrationRejection = z.object({
  /** The row's number in the body, from 1. */
  fila: z.number().int(),
  /** The field at fault (dotted path), or '' for the row as a whole. */
  campo: z.string(),
  mensaje: z.string(),
});
export type IntegrationRejection = z.infer<typeof integrationRejection>;

/**
 * A batch's answer: every row is counted once, as accepted (written: new or changed), unchanged (already so) or
 * rejected (not written; listed with its row, field and message).
 */
export const integrationBatchResponse = z.object({
  success: z.literal(true),
  lote: z.string(),
  tipo: kind,
  operacion: z.enum(INTEGRATION_OPERATIONS),
  recibidas: z.number().int(),
  aceptadas: z.number().int(),
  sin_cambios: z.number().int(),
  rechazadas: z.number().int(),
  rechazos: z.array(integrationRejection),
});
export type IntegrationBatchResponse = z.infer<typeof integrationBatchResponse>;
export const integrationKindParams = z.object({ tipo: kind });

export const INTEGRATION_ANSWER_EXAMPLE: IntegrationBatchResponse = {
  success: true,
  lote: '42',
  tipo: 'clientes',
  operacion: 'alta',
  recibidas: 3,
  aceptadas: 1,
  sin_cambios: 1,
  rechazadas: 1,
  rechazos: [{ fila: 2, campo: 'cuit', mensaje: integrationBatchMsg.cuitInvalido }],
};

// ── Spreadsheet import (the 'Integración' screen's 'Importar planilla') ───────────────────────────────────────

export const spreadsheetKindParams = z.object({ tipo: z.enum(SPREADSHEET_KINDS, { error: spreadsheetMsg.tipoNoImportable }) });
export const spreadsheetTemplateQuery = z.object({ formato: z.enum(['xlsx', 'csv'], { error: 'El formato es xlsx o csv' }).default('xlsx') });

/** A bad row of a spreadsheet: its row in the sheet (the header is row 1), its column's letter and header, the message. */
export const spreadsheetRejection = z.object({ fila: z.number().int(), columna: z.string(), campo: z.string(), mensaje: z.string() });
export type SpreadsheetRejection = z.infer<typeof spreadsheetRejection>;

/**
 * What a spreadsheet does (preview) or did (apply), counted as a batch of the API: each data row once, as accepted
 * (new or changed), unchanged or rejected. `lote` is the batch written; null in a preview.
 */
export const spreadsheetResponse = z.object({
  success: z.literal(true),
  tipo: z.enum(SPREADSHEET_KINDS),
  archivo: z.string(),
  aplicado: z.boolean(),
  lote: z.string().nullable(),
  recibidas: z.number().int(),
  aceptadas: z.number().int(),
  sin_cambios: z.number().int(),
  rechazadas: z.number().int(),
  rechazos: z.array(spreadsheetRejection),
});
export type SpreadsheetResponse = z.infer<typeof spreadsheetResponse>;

const admin = { tag: 'integracion-admin', access: 'company', admin: true } as const;

/** The administrator's calls of the 'Integración' screen (under /api/public, with a user session). */
export const integrationAdminRoutes = {
  keys: { ...admin, method: 'GET', url: '/proxy/integracion/claves', summary: 'Claves de integración de la empresa (activas y revocadas)', response: integrationKeysResponse },
  createKey: {
    ...admin, method: 'POST', url: '/proxy/integracion/claves',
    summary: 'Crea una clave de integración con su alcance; el secreto se muestra solo en esta respuesta',
    body: createIntegrationKeyRequest, response: createIntegrationKeyResponse,
  },
  revokeKey: {
    ...admin, method: 'DELETE', url: '/proxy/integracion/claves/:id',
    summary: 'Revoca una clave de integración: deja de servir de inmediato', params: integrationKeyParams, response: revokeIntegrationKeyResponse,
  },
  batches: { ...admin, method: 'GET', url: '/proxy/integracion/lotes', summary: 'Últimos lotes recibidos (por las claves de la empresa o por planilla), con sus cantidades', response: integrationBatchesResponse },
  spreadsheetPreview: {
    ...admin, method: 'POST', url: '/proxy/integracion/planillas/:tipo/vista-previa',
    summary:
      `Vista previa de una planilla (multipart/form-data, campo archivo: XLSX o CSV de hasta ${SPREADSHEET.maxFileBytes / 1024 / 1024} MB y ` +
      `${SPREADSHEET.maxRows} filas): la valida y la escribe como el lote de la API en una transacción que se deshace; responde lo que haría, sin escribir nada`,
    params: spreadsheetKindParams, response: spreadsheetResponse,
  },
  spreadsheetApply: {
    ...admin, method: 'POST', url: '/proxy/integracion/planillas/:tipo',
    summary: 'Aplica una planilla (el mismo archivo de la vista previa): escribe las filas válidas como un lote de la API, registrado con el usuario',
    params: spreadsheetKindParams, response: spreadsheetResponse,
  },
  spreadsheetTemplate: {
    ...admin, method: 'GET', url: '/proxy/integracion/planillas/:tipo/plantilla',
    summary: 'Plantilla de un tipo de dato: encabezados y una fila de ejemplo (formato=xlsx o csv)',
    params: spreadsheetKindParams, query: spreadsheetTemplateQuery, response: z.any(),
  },
} satisfies Record<string, RouteDef>;

const keyed = { tag: 'integracion', access: 'integration' } as const;

/** The ERP's calls (under INTEGRATION_API_PREFIX, with `Authorization: Bearer pic_…`). */
export const integrationRoutes = {
  whoAmI: { ...keyed, method: 'GET', url: '/clave', summary: 'La clave con la que se llama: empresa, nombre y alcance', response: integrationWhoAmIResponse },
  upsert: {
    ...keyed, method: 'POST', url: '/:tipo',
    summary:
      'Alta o modificación de filas de un tipo, por el código del ERP: una lista JSON o NDJSON de hasta 100.000 filas, leída en flujo. ' +
      'El mismo lote dos veces deja el mismo estado (la segunda vez, todo sin cambios)',
    params: integrationKindParams, response: integrationBatchResponse,
  },
  remove: {
    ...keyed, method: 'POST', url: '/:tipo/bajas',
    summary: 'Baja explícita de filas de un tipo, por su código (nunca se deduce de la ausencia en un lote)',
    params: integrationKindParams, response: integrationBatchResponse,
  },
} satisfies Record<string, RouteDef>;
