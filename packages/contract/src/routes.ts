import type { z } from 'zod';
import * as a from './access.js';
import * as ad from './admin.js';
import { okResponse } from './common.js';
import { SALES_STAFF_PROFILES } from './profiles.js';

/**
 * One descriptor per call of the spec: the server registers its handler against it, the OpenAPI document is
 * built from it, and the browser's fetchers take their paths from it.
 *
 * access: 'public' needs no token; 'user' needs a token; 'company' also needs the Cuit header of a company the
 * user is linked to; 'entity' also needs an Entity_ID the user may act for; 'integration' needs an integration key
 * (`Bearer pic_…`, never a user's token) and acts for the key's company (docs/integration.md).
 */
export type RouteAccess = 'public' | 'user' | 'company' | 'entity' | 'integration';
export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  /** Company-scoped calls only: administrators of the company (membership is_admin) pass, everyone else gets 403. */
  admin?: boolean;
  /** With `admin`: members holding one of these profiles in the company are let in too. */
  orProfiles?: readonly number[];
  /**
   * Company-scoped calls only: the module (modules.id) that must be enabled for this user, on the device of the
   * `Dispositivo` header, today in Buenos Aires; otherwise 403 'El módulo no está habilitado para su usuario.'.
   */
  module?: string;
  /**
   * The spec names `mensaje` for this call's failure (GET /data): its refusals carry the text as `mensaje` too,
   * beside our `msg`, so a client written to the spec reads it.
   */
  mensaje?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

function route<T extends RouteDef>(def: T): T {
  return def;
}

export { API_PREFIX } from './api-prefix.js';

export const accessRoutes = {
  oauth: route({
    method: 'POST', url: '/oauth', tag: 'access', access: 'public',
    summary: 'Inicio de sesión (grant_type=password) o renovación (grant_type=refresh_token)',
    body: a.oauthRequest, response: a.oauthResponse,
  }),
  revocation: route({
    method: 'DELETE', url: '/revocation/:token', tag: 'access', access: 'public',
    summary: 'Revoca un token de acceso o de renovación y toda su familia (cierre de sesión)',
    params: a.revocationParams, response: okResponse,
  }),
  data: route({
    method: 'GET', url: '/data', tag: 'access', access: 'company', mensaje: true,
    summary: 'Datos del usuario en la empresa y menú del perfil para el dispositivo',
    query: a.dataQuery, response: a.dataResponse,
  }),
  saveProfile: route({
    method: 'POST', url: '/data', tag: 'access', access: 'user',
    summary: 'Guarda nombre, apellido y, opcionalmente, una nueva contraseña',
    body: a.profileSaveRequest, response: a.profileSaveResponse,
  }),
  forcedChange: route({
    method: 'POST', url: '/proxy/data', tag: 'access', access: 'user',
    summary: 'Cambio de clave obligatorio (change_password)',
    body: a.forcedChangeRequest, response: a.profileSaveResponse,
  }),
  newSession: route({
    method: 'POST', url: '/sessions/newsession', tag: 'sessions', access: 'user',
    summary: 'Agrega una empresa a las sesiones activas por su CUIT',
    body: a.newSessionRequest, response: a.newSessionResponse,
  }),
  searchEntity: route({
    method: 'GET', url: '/sessions/buscoentidad', tag: 'sessions', access: 'user',
    summary: 'Entidades del usuario en la empresa indicada',
    query: a.cuitQuery, response: a.buscoEntidadResponse,
  }),
  deleteSession: route({
    method: 'DELETE', url: '/sessions/deletesession', tag: 'sessions', access: 'user',
    summary: 'Quita una empresa de las sesiones activas',
    query: a.cuitQuery, response: a.usuariosResponse.pick({ success: true, msg: true }),
  }),
  sessions: route({
    method: 'GET', url: '/sessions/sessions', tag: 'sessions', access: 'user',
    summary: 'Sesiones activas (empresas) del usuario',
    response: a.sessionsResponse,
  }),
  usuarios: route({
    method: 'POST', url: '/usuarios', tag: 'usuarios', access: 'public',
    summary:
      'Registro (sin parámetros), verificación del código SMS (?check=true), reenvío del código (?verificationSMS=true), ' +
      'mail de recuperación (?forgotPassword=true) y cambio de contraseña por recuperación (?changePassword=true)',
    // The union of the calls' bodies (a.usuariosBodies), for the docs: the route parses each call's own.
    query: a.usuariosQuery, body: a.usuariosBodies.register
      .or(a.usuariosBodies.check)
      .or(a.usuariosBodies.verificationSMS)
      .or(a.usuariosBodies.forgotPassword)
      .or(a.usuariosBodies.changePassword),
    response: a.registerResponse.or(a.usuariosResponse),
  }),
} satisfies Record<string, RouteDef>;

/** Served at the site root (not under /api/public), like the legacy portal's static branding files. */
export const whitelabelRoutes = {
  config: route({
    method: 'GET', url: '/whitelabel/:cuit/config.json', tag: 'branding', access: 'public',
    summary: 'Marca de la empresa (título, logo, colores)', params: a.whitelabelParams, response: a.whitelabelConfig,
  }),
  fallback: route({
    method: 'GET', url: '/whitelabel/config.json', tag: 'branding', access: 'public',
    summary: 'Marca por defecto del portal', response: a.whitelabelConfig,
  }),
  manifest: route({
    method: 'GET', url: '/whitelabel/:cuit/manifest.webmanifest', tag: 'branding', access: 'public',
    summary: 'Manifiesto de la aplicación instalable con el nombre y los colores de la empresa', params: a.whitelabelParams, response: a.webManifest,
  }),
} satisfies Record<string, RouteDef>;

/** Administration (access.md §6–§7); `admin` routes refuse everyone but the company's administrators with 403. */
export const adminRoutes = {
  listUsers: route({
    method: 'GET', url: '/proxy/usuarios', tag: 'admin', access: 'company', admin: true,
    summary: 'Usuarios de la empresa, paginados (start, limit) y filtrados por patron',
    query: ad.usuariosListQuery, response: ad.usuariosListResponse,
  }),
  createUser: route({
    method: 'POST', url: '/proxy/usuarios', tag: 'admin', access: 'company', admin: true,
    summary: 'Alta de un usuario en la empresa (deberá cambiar la contraseña al ingresar)',
    body: ad.createUserRequest, response: ad.userSaveResponse,
  }),
  updateUser: route({
    method: 'PATCH', url: '/proxy/usuarios/:id', tag: 'admin', access: 'company', admin: true,
    summary:
      'Con { entidad, actua_como }: el administrador elige la entidad como la que actúa (:id es su username). ' +
      'Con cualquier otro cuerpo: edita el usuario :id (nombres, email, perfiles, entidades, agrupactasctes, ocultamonedas)',
    // The union of the calls' bodies (ad.updateUserBodies), for the docs: the route parses each call's own.
    params: ad.userIdParams, body: ad.updateUserBodies.actuaComo.or(ad.updateUserBodies.edit),
    response: ad.actuaComoResponse.or(ad.userSaveResponse),
  }),
  deleteUser: route({
    method: 'DELETE', url: '/proxy/usuarios/:username', tag: 'admin', access: 'company', admin: true,
    summary: 'Quita al usuario de la empresa; sin otras empresas queda dado de baja. Revoca sus sesiones',
    params: ad.usernameParams, response: ad.deleteUserResponse,
  }),
  searchEntities: route({
    method: 'GET', url: '/proxy/cgi/etenet_entidades', tag: 'admin', access: 'company', admin: true,
    summary: 'Busca entidades de la empresa por texto (patron, más de 3 caracteres) o por código (codent)',
    query: ad.entidadesSearchQuery, response: ad.entidadesSearchResponse,
  }),
  companyModules: route({
    method: 'GET', url: '/configuraciones', tag: 'admin', access: 'company', admin: true,
    summary: 'Árbol de módulos de la empresa (móvil, escritorio, fechas)', response: ad.modulesResponse,
  }),
  saveCompanyModules: route({
    method: 'POST', url: '/configuraciones', tag: 'admin', access: 'company', admin: true,
    summary: 'Guarda el árbol de módulos de la empresa', body: ad.modulesSaveRequest, response: ad.modulesSaveResponse,
  }),
  parameters: route({
    method: 'GET', url: '/configuraciones/parametros_modulos', tag: 'admin', access: 'company',
    summary: 'Parámetros de los módulos de la empresa', response: ad.parametrosResponse,
  }),
  saveParameters: route({
    method: 'PUT', url: '/configuraciones/parametros_modulos', tag: 'admin', access: 'company', admin: true,
    summary: 'Cambia parámetros de los módulos de la empresa', body: ad.parametrosSaveRequest, response: ad.parametrosSaveResponse,
  }),
  userModules: route({
    method: 'GET', url: '/configuraciones/:username', tag: 'admin', access: 'company', admin: true,
    summary: 'Árbol de módulos de un usuario (lo propio, o lo heredado de la empresa)', params: ad.usernameParams, response: ad.modulesResponse,
  }),
  saveUserModules: route({
    method: 'PUT', url: '/configuraciones/:username', tag: 'admin', access: 'company', admin: true,
    summary: 'Guarda el árbol de módulos de un usuario, dentro de lo que la empresa habilita',
    params: ad.usernameParams, body: ad.modulesSaveRequest, response: ad.modulesSaveResponse,
  }),
  sellers: route({
    method: 'GET', url: '/proxy/utils/getAllVendedores', tag: 'admin', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES,
    summary: 'Vendedores de la empresa (filtro)', response: ad.filterListResponse,
  }),
  entities: route({
    method: 'GET', url: '/proxy/utils/getAllEntidades', tag: 'admin', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES,
    summary: 'Entidades de la empresa (filtro)', response: ad.filterListResponse,
  }),
  zones: route({
    method: 'GET', url: '/proxy/utils/getAllZonas', tag: 'admin', access: 'company', admin: true, orProfiles: SALES_STAFF_PROFILES,
    summary: 'Zonas de la empresa (filtro)', response: ad.filterListResponse,
  }),
  audit: route({
    method: 'GET', url: '/proxy/auditoria', tag: 'admin', access: 'company', admin: true,
    summary: 'Registro de auditoría de la empresa (solo lectura): cambios de estado con quién, cuándo, desde dónde y qué; filtros desde, hasta, usuario, accion',
    query: ad.auditQuery, response: ad.auditListResponse,
  }),
  companies: route({
    method: 'GET', url: '/proxy/cgi/etenet_empresas', tag: 'admin', access: 'user',
    summary: 'Empresas de las que el usuario es miembro (no suspendidas)', response: ad.empresasResponse,
  }),
} satisfies Record<string, RouteDef>;
