import { useSyncExternalStore } from 'react';
import { createStore, del, entries, get, set } from 'idb-keyval';
import { fieldRoutes, IDEMPOTENCY_HEADER, type EnvasesRequest, type EstadoRequest, type NuevoClienteRequest, type PedidoRequest } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { sessionStore } from '../../../lib/session-store';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { currentUserTag, fieldApi, isNetworkFailure } from '../api/field-client';

/**
 * The field outbox: every write of the field screens (visit state, sale, sale deletion, containers, new
 * customer) is first stored in IndexedDB with a client-generated idempotency key, then sent. Entries go out in
 * the order they were made; a network failure stops the run and leaves the rest for the next (on 'online', on
 * start, every 30 s); a refusal from the server (a conflict, a rule) is kept with its Spanish message for the
 * rep to see and discard — never dropped silently. The server records each key once, so replaying an entry
 * that did arrive (the answer was lost) changes nothing.
 *
 * Nothing jams the queue: a send gives up after SEND_TIMEOUT_MS (a weak signal, handled as no signal); an entry the
 * server fails on (5xx) SERVER_TRIES times becomes a refusal shown with 'Descartar', and the entries after it go
 * on; a refusal never holds the later ones back.
 *
 * A customer registered offline has a local id ('L' + key) until its entry is sent; later entries that name
 * it are rewritten with the server's id at send time.
 */
export type OutboxKind = 'estado' | 'pedido' | 'borrar' | 'envases' | 'cliente';
type Payloads = {
  estado: EstadoRequest;
  pedido: Omit<PedidoRequest, 'codentiId'> & { codentiId: number | string };
  /** `ventas`, `claves`: the sales the phone showed (server ids; keys of its own unsent sales). Only those go. */
  borrar: { clientId: number | string; date: string; ventas?: number[]; claves?: string[] };
  envases: Omit<EnvasesRequest, 'clienteId'> & { clienteId: number | string };
  cliente: NuevoClienteRequest;
};
export type OutboxEntry<K extends OutboxKind = OutboxKind> = {
  id: string; // sortable: time + counter
  kind: K;
  key: string; // Idempotency-Key
  owner: string; // company cuit + user
  payload: Payloads[K];
  createdAt: number;
  /** Server refusal kept for the rep; the entry is not sent again until discarded. */
  error?: string;
  /** Sends the server failed on (5xx) so far. */
  serverFailures?: number;
};

/** A send that has not been answered after this long is given up (and tried again later). */
export const SEND_TIMEOUT_MS = 20_000;
/** A screen waits this long for its change to be sent; then it says the change is saved on the phone. */
export const ENQUEUE_WAIT_MS = 8_000;
/** A change the server fails on this many times (5xx) is shown as refused, with 'Descartar'. */
export const SERVER_TRIES = 3;
export const serverFailureMessage = (status: number) =>
  `El servidor no pudo procesar este cambio (error ${status}). Descartalo y cargalo de nuevo, o avisá a la oficina.`;

const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-field-outbox', 'entries');
const idStore = typeof indexedDB === 'undefined' ? undefined : createStore('portal-field-ids', 'ids');

export const localCustomerId = (key: string) => `L${key}`;
export const isLocalId = (id: number | string) => typeof id === 'string' && id.startsWith('L');

function owner(): string {
  return `${sessionStore.get().host?.cuit ?? ''}:${currentUserTag() ?? ''}`;
}

// ── State shared with the screens ───────────────────────────────────────────────────────────────────────────

type Snapshot = { entries: OutboxEntry[]; online: boolean; syncing: boolean; lastSync: number | null };
let snapshot: Snapshot = { entries: [], online: typeof navigator === 'undefined' ? true : navigator.onLine, syncing: false, lastSync: null };
const listeners = new Set<() => void>();
const afterSync = new Set<(sent: OutboxEntry[]) => void>();
function publish(patch: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...patch };
  listeners.forEach((l) => l());
}
async function reload() {
  if (!store) return;
  const all = (await entries<string, OutboxEntry>(store)).map(([, v]) => v).filter((e) => e.owner === owner());
  all.sort((a, b) => a.id.localeCompare(b.id));
  publish({ entries: all });
}

/** Other tabs of the app hear of every change of the queue and read it again (their banner stays true). */
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('portal-field-outbox');
const announce = () => channel?.postMessage('changed');

export function useOutbox(): Snapshot {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
  );
}
/** Called with what was sent after each run (the screens refetch then). */
export function onSynced(fn: (sent: OutboxEntry[]) => void): () => void {
  afterSync.add(fn);
  return () => {
    afterSync.delete(fn);
  };
}

let seq = 0;
/**
 * The fate of a change right after it was made: sent, refused (with the server's reason), or kept on the phone —
 * 'queued' without signal (or with one too weak to send it within ENQUEUE_WAIT_MS), 'retrying' when the server
 * failed on it and it will be tried again.
 */
export type EnqueueResult = 'sent' | 'queued' | 'retrying' | { error: string };
/** Texts of a change kept on the phone, by why it was kept. */
export const keptMessage = {
  queued: 'Sin conexión: quedó guardado en el teléfono y se enviará al volver la señal.',
  retrying: 'El servidor no respondió bien: quedó guardado en el teléfono y se reintentará.',
} as const;

/** Stores the write (durable first), then tries to send the queue; resolves with the entry's fate within ENQUEUE_WAIT_MS. */
export async function enqueue<K extends OutboxKind>(kind: K, payload: Payloads[K], key = newIdempotencyKey()): Promise<{ entry: OutboxEntry<K>; result: EnqueueResult }> {
  const entry: OutboxEntry<K> = { id: `${Date.now().toString().padStart(15, '0')}-${String(++seq).padStart(6, '0')}`, kind, key, owner: owner(), payload, createdAt: Date.now() };
  if (store) await set(entry.id, entry, store);
  await reload();
  announce();
  // A weak signal must not hold the screen: the change is already safe on the phone and the run goes on.
  let waiting: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([flush(), new Promise<void>((resolve) => (waiting = setTimeout(resolve, ENQUEUE_WAIT_MS)))]);
  clearTimeout(waiting);
  const still = snapshot.entries.find((e) => e.id === entry.id);
  if (!still) return { entry, result: 'sent' };
  if (still.error) return { entry, result: { error: still.error } };
  return { entry, result: still.serverFailures ? 'retrying' : 'queued' };
}

export async function discard(id: string) {
  if (store) await del(id, store);
  await reload();
  announce();
}

/** The server id of a customer registered through the outbox, once its entry was sent. */
export async function serverIdOf(localId: string): Promise<number | null> {
  return idStore ? ((await get<number>(localId, idStore)) ?? null) : null;
}

async function resolveId(id: number | string): Promise<number | null> {
  if (!isLocalId(id)) return Number(id);
  return (idStore ? ((await get<number>(String(id), idStore)) ?? null) : null);
}

async function send(entry: OutboxEntry): Promise<void> {
  const headers = { [IDEMPOTENCY_HEADER]: entry.key };
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  switch (entry.kind) {
    case 'estado': {
      const p = entry.payload as Payloads['estado'];
      const id = await resolveId(p.codent_id);
      await fieldApi(fieldRoutes.estado.url, { method: 'PATCH', body: { ...p, codent_id: id }, headers, signal });
      return;
    }
    case 'pedido': {
      const p = entry.payload as Payloads['pedido'];
      await fieldApi(fieldRoutes.pedido.url, { method: 'POST', body: { ...p, codentiId: await resolveId(p.codentiId) }, headers, signal });
      return;
    }
    case 'borrar': {
      const p = entry.payload as Payloads['borrar'];
      const seen = p.ventas || p.claves ? { ventas: (p.ventas ?? []).join(',') || undefined, claves: (p.claves ?? []).join(',') || undefined } : undefined;
      // Naming no sale at all would delete nothing: there is nothing to send.
      if (seen && !seen.ventas && !seen.claves) return;
      await fieldApi(fieldRoutes.borrarPedido.url.replace(':clientId', String(await resolveId(p.clientId))).replace(':date', p.date), { method: 'DELETE', headers, signal, query: seen });
      return;
    }
    case 'envases': {
      const p = entry.payload as Payloads['envases'];
      await fieldApi(fieldRoutes.envases.url, { method: 'PUT', body: { ...p, clienteId: await resolveId(p.clienteId) }, headers, signal });
      return;
    }
    case 'cliente': {
      const answer = await fieldApi<{ id: number }>(fieldRoutes.nuevoCliente.url, { method: 'POST', body: entry.payload, headers, signal });
      if (idStore) await set(localCustomerId(entry.key), answer.id, idStore);
      return;
    }
  }
}

/**
 * One run at a time across the tabs of this browser too (a Web Lock): two open tabs coming back online never
 * send the same entry side by side; the later one reads the queue after the first emptied it.
 */
function withOutboxLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('portal-field-outbox', fn).then(() => undefined) : fn();
}

let running: Promise<void> | null = null;
let following: Promise<void> | null = null;
/**
 * Sends what waits, oldest first. One run at a time. A call made while a run is going gets one more run after it
 * (shared by every call made meanwhile): the going run read the queue before, so an entry stored since then is
 * sent by the next run, not left for the 30-second timer while the phone has signal.
 */
export function flush(): Promise<void> {
  if (running) {
    const next = () => {
      following = null;
      return flush();
    };
    following ??= running.then(next, next);
    return following;
  }
  running = sendQueue().finally(() => {
    running = null;
  });
  return running;
}

function sendQueue(): Promise<void> {
  return withOutboxLock(async () => {
    publish({ syncing: true });
    const sent: OutboxEntry[] = [];
    try {
      await reload();
      for (const entry of snapshot.entries) {
        if (entry.error) continue;
        try {
          await send(entry);
          if (store) await del(entry.id, store);
          sent.push(entry);
          if (!snapshot.online) publish({ online: true });
        } catch (e) {
          if (e instanceof ApiError && e.status >= 500) {
            // The server answered but failed: tried again on the next run, and shown as refused after SERVER_TRIES.
            const failures = (entry.serverFailures ?? 0) + 1;
            const failed = failures >= SERVER_TRIES ? { ...entry, serverFailures: failures, error: serverFailureMessage(e.status) } : { ...entry, serverFailures: failures };
            if (store) await set(entry.id, failed, store);
            if (failed.error) continue;
            break;
          }
          if (isNetworkFailure(e)) {
            publish({ online: false });
            break;
          }
          const message = e instanceof ApiError ? e.message : String(e);
          if (store) await set(entry.id, { ...entry, error: message }, store);
        }
      }
      if (sent.length > 0 || snapshot.entries.every((e) => e.error)) publish({ lastSync: Date.now() });
    } finally {
      await reload();
      publish({ syncing: false });
      announce();
    }
    if (sent.length > 0) afterSync.forEach((fn) => fn(sent));
  });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    publish({ online: true });
    void flush();
  });
  window.addEventListener('offline', () => publish({ online: false }));
  setInterval(() => {
    if (navigator.onLine && snapshot.entries.some((e) => !e.error)) void flush();
  }, 30_000);
  sessionStore.subscribe(() => void reload());
  channel?.addEventListener('message', () => void reload());
  void reload();
}
