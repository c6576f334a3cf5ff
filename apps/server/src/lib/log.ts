/** The URL as logs may keep it: a `token` in the query (direct-open links) is masked. */
export function redactToken(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1***');
}

/** Fastify's request log line, with the query token masked (access tokens must not end up in log files). */
export function requestLogSerializer(req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactToken(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
