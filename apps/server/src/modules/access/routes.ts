import type { FastifyInstance } from 'fastify';
import { accessRoutes as r, msg } from '@portal/contract';
import { registerRoute } from '../../lib/route.js';
import { badRequest } from '../../lib/http-errors.js';
import { AccessService, clientOf, type AccessDeps } from './service.js';

export function accessRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const service = new AccessService(deps);

  registerRoute(app, r.oauth, async ({ body, request }) => service.oauth(body, clientOf(request)));
  registerRoute(app, r.revocation, async ({ params }) => service.revoke(params.token));
  registerRoute(app, r.data, async ({ user, tenant, query }) => service.userData(user, tenant, query));
  registerRoute(app, { ...r.saveProfile, body: undefined }, async ({ user, request }) => service.saveProfile(user, request.body));
  registerRoute(app, { ...r.forcedChange, body: undefined }, async ({ user, request }) => service.forcedChange(user, request.body));
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
