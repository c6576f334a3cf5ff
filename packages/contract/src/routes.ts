import type { z } from 'zod';
import * as a from './access.js';
import { okResponse } from './common.js';

/**
 * One descriptor per call of the spec: the server registers its handler against it, the OpenAPI document is
 * built from it, and the browser's fetchers take their paths from it.
 *
 * access: 'public' needs no token; 'user' needs a token; 'company' also needs the Cuit header of a company the
 * user is linked to; 'entity' also needs an Entity_ID the user may act for.
 */
export type RouteAccess = 'public' | 'user' | 'company' | 'entity';
export type RouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
};

function route<T extends RouteDef>(def: T): T {
  return def;
}

export const API_PREFIX = '/api/public';

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
    method: 'GET', url: '/data', tag: 'access', access: 'company',
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
    query: a.usuariosQuery, body: a.registerRequest.or(a.checkRequest).or(a.verificationSmsRequest).or(a.forgotRequest).or(a.changePasswordRequest),
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
} satisfies Record<string, RouteDef>;
