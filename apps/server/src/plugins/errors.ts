import type { FastifyError, FastifyInstance } from 'fastify';
import { msg, type ErrorResponse } from '@portal/contract';
import { HttpError } from '../lib/http-errors.js';

/** Every failure leaves as { success: false, msg } in Spanish; internals are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const mensaje = request.routeOptions.config?.contract?.mensaje ? { mensaje: error.message } : {};
      const body: ErrorResponse = { success: false, msg: error.message, ...mensaje, ...(error.errors ? { errors: error.errors } : {}) };
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, unsupported content type, body too large…
      request.log.info({ err: error }, 'client error');
      const text = status === 429 ? msg.demasiadosIntentos : status === 404 ? msg.noEncontrado : msg.solicitudInvalida;
      return reply.status(status).send({ success: false, msg: text } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, msg: msg.errorInterno } satisfies ErrorResponse);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, msg: msg.noEncontrado } satisfies ErrorResponse);
  });
}
