import type { FastifyInstance } from 'fastify';
import { accessRoutes as r, API_PREFIX, msg } from '@portal/contract';
import { registerRoute } from '../../lib/route.js';
import { badRequest } from '../../lib/http-errors.js';
import { AccessService, clientOf, DEVICE_COOKIE, type AccessDeps } from './service.js';

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

  // One path, five operations chosen by a query flag (§7); each parses its own body schema.
  registerRoute(app, { ...r.usuarios, body: undefined }, async ({ query, request, reply }) => {
    const client = clientOf(request);
    const flags = [query.forgotPassword, query.changePassword, query.check, query.verificationSMS].filter(Boolean).length;
    if (flags > 1) throw badRequest(msg.solicitudInvalida);
    if (query.forgotPassword) return service.forgotPassword(request.body, client);
    if (query.changePassword) return service.changePassword(request.body, client);
    if (query.check) return service.checkCode(request.body, client);
    if (query.verificationSMS) return service.resendCode(request.body, client);
    const answer = await service.register(request.body, client);
    reply.status(201);
    return answer;
  });
}
