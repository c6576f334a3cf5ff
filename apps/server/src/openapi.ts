import { z } from 'zod';
import {
  API_PREFIX,
  FIELD_API_PREFIX,
  fieldRoutes,
  accessRoutes,
  adminRoutes,
  dashboardRoutes,
  orderingRoutes,
  quickOrderRoutes,
  filesRoutes,
  fiscalRoutes,
  statementRoutes,
  warehouseRoutes,
  receiptsRoutes,
  authorizationsRoutes,
  grainRoutes,
  contractRoutes,
  stockPositionRoutes,
  whitelabelRoutes,
  INTEGRATION_API_PREFIX,
  INTEGRATION_ANSWER_EXAMPLE,
  INTEGRATION_REMOVAL_EXAMPLES,
  INTEGRATION_ROW_EXAMPLES,
  INTEGRATION_ROW_SCHEMAS,
  priceRemovalRow,
  removalRow,
  stockRemovalRow,
  movementRemovalRow,
  grainVoucherRemovalRow,
  positionRemovalRow,
  authorizationRemovalRow,
  routeStopRemovalRow,
  integrationAdminRoutes,
  integrationRoutes,
  integrationEventRoutes,
  integrationWebhookRoutes,
  INTEGRATION_EVENT_PAYLOADS,
  type RouteDef,
} from '@portal/contract';

const toSchema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

function parameters(def: RouteDef) {
  const out: unknown[] = [];
  for (const [where, schema] of [['path', def.params], ['query', def.query]] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: s });
    }
  }
  return out;
}

/**
 * A batch call's body (read as a stream, so its descriptor has no body schema): a JSON array or NDJSON of the kind's
 * rows, one schema per loadable kind, with an example row and answer.
 */
function batchDocs(removal: boolean) {
  const kinds = Object.entries(INTEGRATION_ROW_SCHEMAS);
  const row = removal ? { oneOf: [removalRow, priceRemovalRow, stockRemovalRow, movementRemovalRow, grainVoucherRemovalRow, positionRemovalRow, authorizationRemovalRow, routeStopRemovalRow].map((s) => toSchema(s, 'input')) } : { oneOf: kinds.map(([, s]) => toSchema(s, 'input')) };
  const shown = removal ? INTEGRATION_REMOVAL_EXAMPLES : INTEGRATION_ROW_EXAMPLES;
  const examples = Object.fromEntries(Object.entries(shown).map(([k, r]) => [k, { summary: k, value: [r] }]));
  const ndjson = Object.fromEntries(Object.entries(shown).map(([k, r]) => [k, { summary: k, value: JSON.stringify(r) }]));
  return {
    requestBody: {
      required: true,
      description: `Hasta ${MAX_ROWS} filas; cada fila hasta 64 kB. Tipos que se cargan hoy: ${kinds.map(([k]) => k).join(', ')}.`,
      content: {
        'application/json': { schema: { type: 'array', items: row }, examples },
        'application/x-ndjson': { schema: { type: 'string', description: 'Una fila JSON por línea' }, examples: ndjson },
      },
    },
    'x-answer-example': INTEGRATION_ANSWER_EXAMPLE,
  };
}
const MAX_ROWS = 100_000;

/** OpenAPI 3.1 built from the contract's route descriptors: the document can never drift from the code. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (prefix: string, defs: Record<string, RouteDef>) => {
    for (const [id, def] of Object.entries(defs)) {
      const url = `${prefix}${def.url}`.replace(/:(\w+)/g, '{$1}');
      paths[url] ??= {};
      paths[url][def.method.toLowerCase()] = {
        operationId: id,
        summary: def.summary,
        tags: [def.tag],
        security: def.access === 'public' ? [] : def.access === 'integration' ? [{ integrationKey: [] }] : [{ bearer: [] }],
        parameters: [
          ...parameters(def),
          ...(def.access === 'company' || def.access === 'entity'
            ? [{ name: 'Cuit', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d{11}$' } }]
            : []),
          ...(def.access === 'entity'
            ? [
                { name: 'Entity_ID', in: 'header', required: true, schema: { type: 'string' } },
                { name: 'Actua_como', in: 'header', required: false, schema: { type: 'string' } },
              ]
            : []),
          ...(def.access === 'company' || def.access === 'entity'
            ? [{
                name: 'Dispositivo', in: 'header', required: false, schema: { type: 'string', enum: ['mobile', 'desktop'], default: 'desktop' },
                description:
                  'La membresía del usuario en la empresa debe tener acceso desde este dispositivo (escritorio / móvil), si no 403' +
                  (def.module ? `; el módulo ${def.module} debe estar habilitado para el usuario en este dispositivo y hoy` : ''),
              }]
            : []),
        ],
        ...(def.body ? { requestBody: { content: { 'application/json': { schema: toSchema(def.body, 'input') } } } } : {}),
        ...(def.access === 'integration' && def.method === 'POST' ? batchDocs(def.url.endsWith('/bajas')) : {}),
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: toSchema(def.response, 'output') } } },
          400: { description: `Solicitud inválida: { success: false, msg${def.mensaje ? ', mensaje' : ''} } en castellano` },
          ...(def.access === 'integration' ? {
                401: { description: 'Sin clave de integración, clave inválida o revocada, o un token de usuario en lugar de una clave' },
                403: { description: 'La clave no tiene permiso para ese tipo de dato, o una fila es de otra empresa' },
                429: { description: 'Demasiadas solicitudes con esta clave' },
              } : def.access === 'public' ? {} : {
                401: { description: 'Sin sesión o token vencido' },
                403: { description: `Empresa o entidad ajena, sesión suspendida o dispositivo sin acceso${def.admin ? '; no es administrador de la empresa' : ''}${def.module ? '; módulo no habilitado' : ''}${def.mensaje ? ' — { success: false, msg, mensaje }' : ''}` },
              }),
        },
      };
    }
  };
  add(API_PREFIX, accessRoutes);
  add(API_PREFIX, adminRoutes);
  add(API_PREFIX, dashboardRoutes);
  add(API_PREFIX, orderingRoutes);
  add(API_PREFIX, quickOrderRoutes.sales);
  add(API_PREFIX, quickOrderRoutes.purchase);
  add(API_PREFIX, fiscalRoutes);
  add(API_PREFIX, statementRoutes);
  add(API_PREFIX, grainRoutes);
  add(API_PREFIX, contractRoutes);
  add(API_PREFIX, stockPositionRoutes);
  add(API_PREFIX, filesRoutes);
  add(API_PREFIX, warehouseRoutes);
  add(FIELD_API_PREFIX, fieldRoutes);
  add(API_PREFIX, receiptsRoutes);
  add(API_PREFIX, authorizationsRoutes);
  add('', whitelabelRoutes);
  add(API_PREFIX, integrationAdminRoutes);
  add(API_PREFIX, integrationWebhookRoutes);
  add(INTEGRATION_API_PREFIX, integrationRoutes);
  add(INTEGRATION_API_PREFIX, integrationEventRoutes);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal de clientes — API pública',
      version: '1.1.0',
      description:
        'Las negativas llegan con un estado 4xx (400 dato inválido, 401 sin sesión, 403 empresa, entidad o recurso ajeno, ' +
        '404, 409, 410, 429) y el cuerpo { success: false, msg } con el texto en castellano, donde el cliente original ' +
        'esperaba 200 con success false. Donde la especificación nombra `mensaje` para la falla de una llamada (GET /data), ' +
        'la negativa lo trae también, con el mismo texto. Cada pantalla del portal muestra el msg del servidor en ambos casos.',
    },
    components: {
      // The `datos` of each kind of event the feed answers (GET …/eventos), named evento.<tipo>.
      schemas: Object.fromEntries(Object.entries(INTEGRATION_EVENT_PAYLOADS).map(([kind, schema]) => [`evento.${kind}`, toSchema(schema, 'output')])),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        integrationKey: { type: 'http', scheme: 'bearer', bearerFormat: 'pic_…', description: 'Clave de integración creada por el administrador en Administración › Integración' },
      },
    },
    tags: [
      {
        name: 'integracion',
        description:
          `API de integración con el sistema de gestión (ERP), versionada bajo ${INTEGRATION_API_PREFIX}: se llama con una clave de integración ` +
          '(Authorization: Bearer pic_…), nunca con una sesión de usuario. Guía en docs/integration.md.',
      },
      { name: 'integracion-admin', description: 'Claves de integración y lotes recibidos, para el administrador de la empresa (Administración › Integración).' },
    ],
    paths,
  };
}
