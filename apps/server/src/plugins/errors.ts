import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    // A person who typed a screen's address without the hash (/pedidos): the web app's route of that name, which
    // takes them to the screen (or tells them in Spanish that there is none). API clients never ask for HTML.
    if (wantsPage(request) && (request.method === 'GET' || request.method === 'HEAD')) return reply.redirect(`/#${request.url}`, 302);
    return reply.status(404).send({ success: false, msg: msg.noEncontrado } satisfies ErrorResponse);
  });
}

const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Fastify's refusals before routing (a malformed address such as /%E0%A4%A, FST_ERR_BAD_URL), given as buildApp's
 * `frameworkErrors`: Spanish like every other answer, and a page with a way back for a person in a browser.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'client error');
  if (wantsPage(request)) {
    return reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>Dirección no válida · Portal de Clientes</title></head><body style="font-family:sans-serif;padding:24px">` +
          `<main><h1>Dirección no válida</h1><p>${msg.direccionInvalida} Revise el enlace o vuelva al inicio.</p>` +
          `<p><a href="/">Ir al portal</a></p></main></body></html>`,
      );
  }
  return reply.status(400).send({ success: false, msg: msg.direccionInvalida } satisfies ErrorResponse);
}
