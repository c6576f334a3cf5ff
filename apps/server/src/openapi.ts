import { z } from 'zod';
import { API_PREFIX, accessRoutes, adminRoutes, dashboardRoutes, orderingRoutes, filesRoutes, fiscalRoutes, whitelabelRoutes, type RouteDef } from '@portal/contract';

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
        security: def.access === 'public' ? [] : [{ bearer: [] }],
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
          ...(def.module
            ? [{
                name: 'Dispositivo', in: 'header', required: false, schema: { type: 'string', enum: ['mobile', 'desktop'], default: 'desktop' },
                description: `El módulo ${def.module} debe estar habilitado para el usuario en este dispositivo y hoy (política de presentación, no de seguridad)`,
              }]
            : []),
        ],
        ...(def.body ? { requestBody: { content: { 'application/json': { schema: toSchema(def.body, 'input') } } } } : {}),
        responses: {
          200: { description: 'OK', content: { 'application/json': { schema: toSchema(def.response, 'output') } } },
          400: { description: 'Solicitud inválida: { success: false, msg } en castellano' },
          ...(def.access === 'public' ? {} : {
                401: { description: 'Sin sesión o token vencido' },
                403: { description: `Empresa o entidad ajena${def.admin ? '; no es administrador de la empresa' : ''}${def.module ? '; módulo no habilitado' : ''}` },
              }),
        },
      };
    }
  };
  add(API_PREFIX, accessRoutes);
  add(API_PREFIX, adminRoutes);
  add(API_PREFIX, dashboardRoutes);
  add(API_PREFIX, orderingRoutes);
  add(API_PREFIX, fiscalRoutes);
  add(API_PREFIX, filesRoutes);
  add('', whitelabelRoutes);
  return {
    openapi: '3.1.0',
    info: { title: 'Portal de clientes — API pública', version: '1.1.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
