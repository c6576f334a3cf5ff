import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sharePath } from './share-registry.js';
import { DEFAULT_SWEEP_INTERVAL_MS, DEFAULT_TEMP_FILE_MAX_AGE_MS, TempFileStore } from '../documents/index.js';

/** Links to generated files live exactly as long as the files (the sweeper removes them after an hour). */
export const TEMP_LINK_TTL_SECONDS = DEFAULT_TEMP_FILE_MAX_AGE_MS / 1000;

/**
 * The store of generated files (ZIPs, direct downloads) under DATA_DIR/tmp-files, with its sweeper running every
 * 10 minutes (unref'd timers) and stopped when the app closes.
 */
export function createTempFiles(app: FastifyInstance, dataDir: string): TempFileStore {
  const store = new TempFileStore(path.join(dataDir, 'tmp-files'));
  const stop = store.startSweeper(DEFAULT_SWEEP_INTERVAL_MS, DEFAULT_TEMP_FILE_MAX_AGE_MS, (err) => app.log.warn({ err }, 'temporary files sweep failed'));
  app.addHook('onClose', async () => stop());
  return store;
}

/** Path of a signed link to a generated file of this entity, valid as long as the file. */
export function tempFileLink(secret: string, scope: { companyId: number; entityId: number }, directorio: string, name: string): string {
  return sharePath(secret, { c: scope.companyId, e: scope.entityId, k: 'archivo', r: `${directorio}/${name}` }, TEMP_LINK_TTL_SECONDS);
}
