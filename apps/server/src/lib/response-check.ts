import type { FastifyInstance } from 'fastify';

/** One answer that did not match its route's response schema. */
export type ResponseMismatch = { route: string; url: string; issues: Array<{ path: string; message: string }> };

/**
 * Test-time check of the wire (buildApp's `checkResponses`, set by the test helpers, never in production nor in the
 * benchmarks): every JSON answer of a contract route with a 2xx status is parsed, as the client would receive it,
 * with the route's response schema. A mismatch fails loudly: the answer becomes a 500 that names the route and the
 * fields, the log says it at error level, and the returned list (the test helpers throw on close when it is not
 * empty) keeps it even for a test that does not look at the status.
 */
export function checkResponses(app: FastifyInstance): ResponseMismatch[] {
  const mismatches: ResponseMismatch[] = [];
  app.addHook('preSerialization', async (request, reply, payload) => {
    const def = request.routeOptions.config.contract;
    // Refusals answer the error shape, not the route's; files, strings and streams never reach this hook.
    if (!def || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const wire: unknown = JSON.parse(JSON.stringify(payload));
    const result = def.response.safeParse(wire);
    if (result.success) return payload;
    const mismatch: ResponseMismatch = {
      route: `${def.method} ${def.url}`,
      url: request.url,
      issues: result.error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
    mismatches.push(mismatch);
    request.log.error({ mismatch }, 'answer does not match the contract response schema');
    void reply.code(500);
    return { success: false, msg: 'La respuesta no cumple el esquema del contrato.', mismatch };
  });
  return mismatches;
}
