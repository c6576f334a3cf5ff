import type { FastifyReply } from 'fastify';

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendFile(reply: FastifyReply, disposition: 'inline' | 'attachment', fileName: string, contentType: string, body: unknown): FastifyReply {
  return reply.header('content-disposition', contentDisposition(disposition, fileName)).type(contentType).send(body);
}
