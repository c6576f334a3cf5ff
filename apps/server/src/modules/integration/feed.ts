import { INTEGRATION_READ_KIND_LABELS, integrationMsg, type integrationFeedQuery, type IntegrationFeedResponse } from '@portal/contract';
import type { z } from 'zod';
import type { DB } from '../../db/database.js';
import { forbidden } from '../../lib/http-errors.js';
import type { IntegrationKey } from '../../plugins/integration-access.js';
import { readsEvents } from './event-scope.js';
import { readFeed } from './events.js';

/**
 * GET {INTEGRATION_API_PREFIX}/eventos: the key's company's events in commit order from a cursor (events.ts).
 * Only a key that may read 'eventos'; a key reads its own company's events and no other's.
 */
export async function readEventFeed(db: DB, key: IntegrationKey, query: z.output<typeof integrationFeedQuery>): Promise<IntegrationFeedResponse> {
  if (!readsEvents(key.readKinds)) throw forbidden(integrationMsg.sinPermisoLeer(INTEGRATION_READ_KIND_LABELS.eventos.toLowerCase()));
  return readFeed(db, key.company.id, query.desde, query.limite);
}
