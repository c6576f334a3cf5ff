import { spreadsheetMsg, type IntegrationBatchWire, type IntegrationKeyWire, type IntegrationKind, type IntegrationReadKind } from '@portal/contract';
import type { BatchRow, KeyRow } from './repository.js';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toKeyWire(r: KeyRow): IntegrationKeyWire {
  return {
    id: r.id,
    nombre: r.name,
    prefijo: r.prefix,
    escribir: r.write_kinds as IntegrationKind[],
    leer: r.read_kinds as IntegrationReadKind[],
    creada: iso(r.created_at)!,
    creada_por: r.created_by_name ?? null,
    ultimo_uso: iso(r.last_used_at),
    revocada: iso(r.revoked_at),
  };
}

export function toBatchWire(r: BatchRow): IntegrationBatchWire {
  return {
    id: String(r.id),
    // A spreadsheet's batch is named by who applied it (the user may since have been removed).
    clave: r.key_name ?? spreadsheetMsg.planillaDe(r.user_name ?? '—'),
    archivo: r.file_name,
    tipo: r.kind as IntegrationBatchWire['tipo'],
    operacion: r.operation as IntegrationBatchWire['operacion'],
    estado: r.status as IntegrationBatchWire['estado'],
    recibidas: r.received,
    aceptadas: r.accepted,
    sin_cambios: r.unchanged,
    rechazadas: r.rejected,
    error: r.error,
    inicio: iso(r.started_at)!,
    fin: iso(r.finished_at),
  };
}
