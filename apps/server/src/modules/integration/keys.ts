import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  INTEGRATION_BATCHES_SHOWN,
  INTEGRATION_KINDS,
  INTEGRATION_READ_KINDS,
  integrationMsg,
  type createIntegrationKeyRequest,
  type CreateIntegrationKeyResponse,
  type IntegrationBatchesResponse,
  type IntegrationKeysResponse,
} from '@portal/contract';
import type { DB } from '../../db/database.js';
import { writeAudit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/http-errors.js';
import type { AuthUser, Tenant } from '../../lib/identity.js';
import { hashIntegrationSecret } from '../../plugins/integration-access.js';
import * as repo from './repository.js';
import { toBatchWire, toKeyWire } from './mapper.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Twelve random alphanumerics: the key's public prefix (pic_ + these), unique across the portal. */
function randomPrefix(): string {
  const bytes = randomBytes(12);
  return [...bytes].map((b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** The kinds in the contract's order (the screen and the audit show them so). */
const ordered = (kinds: readonly string[]) => INTEGRATION_KINDS.filter((k) => kinds.includes(k));
const orderedReads = (kinds: readonly string[]) => INTEGRATION_READ_KINDS.filter((k) => kinds.includes(k));

/**
 * The administrator's side of the integration: keys (created with their scopes, the secret answered once and kept
 * hashed; revoked at once) and the list of the last batches. Each state change writes its audit row in its transaction.
 */
export class IntegrationKeys {
  constructor(private readonly db: DB) {}

  async list(tenant: Tenant): Promise<IntegrationKeysResponse> {
    return { success: true, items: (await repo.listKeys(this.db, tenant.company.id)).map(toKeyWire) };
  }

  async create(user: AuthUser, tenant: Tenant, body: z.output<typeof createIntegrationKeyRequest>): Promise<CreateIntegrationKeyResponse> {
    const prefix = `pic_${randomPrefix()}`;
    const secret = randomBytes(32).toString('base64url');
    const writeKinds = ordered(body.escribir);
    const readKinds = orderedReads(body.leer);
    try {
      const id = await this.db.transaction().execute(async (trx) => {
        if (await repo.liveKeyNamed(trx, tenant.company.id, body.nombre)) throw new HttpError(409, integrationMsg.nombreRepetido);
        const keyId = await repo.insertKey(trx, { companyId: tenant.company.id, name: body.nombre, prefix, secretHash: hashIntegrationSecret(secret), writeKinds, readKinds, createdBy: user.userId });
        await writeAudit(trx, {
          action: 'integration.key-created',
          userId: user.userId,
          companyId: tenant.company.id,
          ip: user.ip,
          detail: { clave: body.nombre, prefijo: prefix, escribir: writeKinds, leer: readKinds },
        });
        return keyId;
      });
      const row = await repo.findKey(this.db, tenant.company.id, id);
      return { success: true, clave: toKeyWire(row!), secreto: `${prefix}_${secret}` };
    } catch (e) {
      // Two administrators naming a key alike at once: the unique index of live names refuses the second.
      if ((e as { code?: string }).code === '23505') throw new HttpError(409, integrationMsg.nombreRepetido);
      throw e;
    }
  }

  async revoke(user: AuthUser, tenant: Tenant, id: number) {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findKey(trx, tenant.company.id, id);
      // Another company's key answers like a missing one: nothing leaks.
      if (!row) throw notFound(integrationMsg.claveInexistente);
      if (row.revoked_at) throw new HttpError(409, integrationMsg.claveYaRevocada);
      if (!(await repo.revokeKey(trx, tenant.company.id, id, user.userId))) throw new HttpError(409, integrationMsg.claveYaRevocada);
      await writeAudit(trx, { action: 'integration.key-revoked', userId: user.userId, companyId: tenant.company.id, ip: user.ip, detail: { clave: row.name, prefijo: row.prefix } });
      const revoked = await repo.findKey(trx, tenant.company.id, id);
      return { success: true as const, msg: integrationMsg.claveRevocada, clave: toKeyWire(revoked!) };
    });
  }

  async batches(tenant: Tenant): Promise<IntegrationBatchesResponse> {
    return { success: true, items: (await repo.listBatches(this.db, tenant.company.id, INTEGRATION_BATCHES_SHOWN)).map(toBatchWire) };
  }
}
