import type { FastifyInstance } from 'fastify';
import { adminRoutes as r, updateUserBodies, updateUserCallOf } from '@portal/contract';
import { parseOr400, registerRoute } from '../../lib/route.js';
import { AdminService, type AdminDeps } from './service.js';

export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const service = new AdminService(deps);

  registerRoute(app, r.listUsers, async ({ tenant, query }) => service.listUsers(tenant, query));
  registerRoute(app, r.createUser, async ({ user, tenant, body, reply }) => {
    const answer = await service.createUser(user, tenant, body);
    reply.status(201);
    return answer;
  });
  // One path for two calls (access.md §7): the body tells the choice of entity from the edit, and is parsed with
  // the schema of its call (updateUserBodies).
  registerRoute(app, { ...r.updateUser, body: undefined }, async ({ user, tenant, params, request }) =>
    updateUserCallOf(request.body) === 'actuaComo'
      ? service.actAs(user, tenant, params.id, parseOr400(updateUserBodies.actuaComo, request.body))
      : service.updateUser(user, tenant, params.id, parseOr400(updateUserBodies.edit, request.body)),
  );
  registerRoute(app, r.deleteUser, async ({ user, tenant, params }) => service.deleteUser(user, tenant, params.username));
  registerRoute(app, r.searchEntities, async ({ tenant, query }) => service.searchEntities(tenant, query));

  registerRoute(app, r.companyModules, async ({ tenant }) => service.companyModules(tenant));
  registerRoute(app, r.saveCompanyModules, async ({ user, tenant, body }) => service.saveCompanyModules(user, tenant, body));
  registerRoute(app, r.parameters, async ({ tenant }) => service.parameters(tenant));
  registerRoute(app, r.saveParameters, async ({ user, tenant, body }) => service.saveParameters(user, tenant, body));
  registerRoute(app, r.userModules, async ({ tenant, params }) => service.userModules(tenant, params.username));
  registerRoute(app, r.saveUserModules, async ({ user, tenant, params, body }) => service.saveUserModules(user, tenant, params.username, body));

  registerRoute(app, r.sellers, async ({ tenant }) => service.filterList(tenant, 'sellers'));
  registerRoute(app, r.entities, async ({ tenant }) => service.filterList(tenant, 'entities'));
  registerRoute(app, r.zones, async ({ tenant }) => service.filterList(tenant, 'zones'));
  registerRoute(app, r.audit, async ({ tenant, query }) => service.audit(tenant, query));
  registerRoute(app, r.companies, async ({ user }) => service.companies(user));
}
