/**
 * The API's path prefix, in a module of its own: the browser's API client needs it on the login screen, where the
 * route descriptors (and zod with them) are not loaded (docs/decisions/web-delivery.md).
 */
export const API_PREFIX = '/api/public';
