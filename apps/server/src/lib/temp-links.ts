import type { FastifyInstance } from 'fastify';
import { sharePath } from './share-registry.js';
import { DEFAULT_SWEEP_INTERVAL_MS, DEFAULT_TEMP_FILE_MAX_AGE_MS, startTempFileSweeper } from '../documents/index.js';
import type { FileStorage } from './file-storage.js';
import type { EntityScope } from './identity.js';

/** Links to generated files live exactly as long as the files (the sweeper removes them after an hour). */
export const TEMP_LINK_TTL_SECONDS = DEFAULT_TEMP_FILE_MAX_AGE_MS / 1000;

/**
 * Sweeps the generated files (ZIPs, direct downloads: the shared storage's area 'temporales') every 10 minutes
 * (unref'd timers), stopped when the app closes. Every process sweeps; a sweep is one idempotent delete.
 */
export function sweepTempFiles(app: FastifyInstance, store: FileStorage): FileStorage {
  const stop = startTempFileSweeper(store, {
    intervalMs: DEFAULT_SWEEP_INTERVAL_MS,
    maxAgeMs: DEFAULT_TEMP_FILE_MAX_AGE_MS,
    onError: (err) => app.log.warn({ err }, 'temporary files sweep failed'),
  });
  app.addHook('onClose', async () => stop());
  return store;
}

/** Path of a signed link to a generated file of this entity, valid as long as the file. */
export function tempFileLink(secret: string, scope: EntityScope, directorio: string, name: string): string {
  return sharePath(secret, { c: scope.companyId, e: scope.entityId, k: 'archivo', r: `${directorio}/${name}` }, TEMP_LINK_TTL_SECONDS);
}
