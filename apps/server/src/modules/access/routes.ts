import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { accessRoutes as r, API_PREFIX, msg, usuariosBodies, usuariosCallOf, type UsuariosCall } from '@portal/contract';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { badRequest } from '../../lib/http-errors.js';
import { AccessService, clientOf, DEVICE_COOKIE, type AccessDeps, type Client } from './service.js';

export function accessRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const service = new AccessService(deps);

  registerRoute(app, r.oauth, async ({ body, request, reply }) => {
    const { tokens, device } = await service.oauth(body, clientOf(request));
    // The browser that logged in is remembered (docs/decisions/access-limits.md): only the login reads the cookie.
    if (device) {
      const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
      void reply.header('set-cookie', `${DEVICE_COOKIE}=${device}; Path=${API_PREFIX}/oauth; Max-Age=31536000; HttpOnly; SameSite=Strict${secure}`);
    }
    return tokens;
  });
  registerRoute(app, r.revocation, async ({ params }) => service.revoke(params.token));
  registerRoute(app, r.data, async ({ user, tenant, query }) => service.userData(user, tenant, query));
  registerRoute(app, r.saveProfile, async ({ user, body }) => service.saveProfile(user, body));
  registerRoute(app, r.forcedChange, async ({ user, body }) => service.forcedChange(user, body));
  registerRoute(app, r.sessions, async ({ user }) => service.sessions(user));
  registerRoute(app, r.newSession, async ({ user, body, request }) => service.newSession(user, body, clientOf(request)));
  registerRoute(app, r.searchEntity, async ({ user, query }) => service.entitiesOf(user, query.cuit));
  registerRoute(app, r.deleteSession, async ({ user, query }) => service.deleteSession(user, query.cuit));

  // One path, five calls chosen by a query flag (§7): a table of the calls, each given the body parsed with its
  // own schema (usuariosBodies); the registration answers 201.
  const calls: Record<UsuariosCall, (raw: unknown, client: Client) => Promise<z.input<typeof r.usuarios.response>>> = {
    register: (raw, client) => service.register(parseOr400(usuariosBodies.register, raw), client),
    check: (raw, client) => service.checkCode(parseOr400(usuariosBodies.check, raw), client),
    verificationSMS: (raw, client) => service.resendCode(parseOr400(usuariosBodies.verificationSMS, raw), client),
    forgotPassword: (raw, client) => service.forgotPassword(parseOr400(usuariosBodies.forgotPassword, raw), client),
    changePassword: (raw, client) => service.changePassword(parseOr400(usuariosBodies.changePassword, raw), client),
  };
  registerRoute(app, { ...r.usuarios, body: undefined }, async ({ query, request, reply }) => {
    const call = usuariosCallOf(query);
    if (call === null) throw badRequest(msg.solicitudInvalida);
    const answer = await calls[call](request.body, clientOf(request));
    if (call === 'register') reply.status(201);
    return answer;
  });
}
