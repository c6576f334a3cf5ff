import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, entries as idbEntries } from 'idb-keyval';
import { fieldRoutes, IDEMPOTENCY_HEADER } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import type * as FieldClient from '../api/field-client';
import { discard, enqueue, flush, localCustomerId, SERVER_TRIES, serverFailureMessage, serverIdOf, type OutboxEntry } from './outbox';

/** The field server as the outbox sees it: each call answered by the next of `answers` (else 200 with `{}`). */
const server = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; method?: string; body?: unknown; headers?: Record<string, string> }>,
  answers: [] as Array<(path: string) => unknown>,
}));
vi.mock('../api/field-client', async (importActual) => ({
  ...(await importActual<typeof FieldClient>()),
  currentUserTag: () => 'rep-1',
  fieldApi: vi.fn(async (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    server.calls.push({ path, method: options.method, body: options.body, headers: options.headers });
    const answer = server.answers.shift();
    return answer ? answer(path) : {};
  }),
}));

const refuse = (status: number, message: string) => () => {
  throw new ApiError(status, message, { success: false, msg: message });
};
const offline = () => {
  throw new TypeError('Failed to fetch');
};

const stored = async () =>
  (await idbEntries<string, OutboxEntry>(createStore('portal-field-outbox', 'entries'))).map(([, e]) => e).sort((a, b) => a.id.localeCompare(b.id));

const estado = (codent_id: number | string) => ({ fecha: '2026-11-25', codent_id, estado: 'ausente' }) as never;
const pedido = (codentiId: number | string) => ({ fecha: '2026-11-25', codentiId, tipoOperacion: null, renglones: [{ codprodId: 10, cantidadStock: 1, precio_unitario: '5' }] }) as never;

beforeEach(async () => {
  for (const e of await stored()) await discard(e.id);
  server.calls.length = 0;
  server.answers.length = 0;
});

describe('the field outbox', () => {
  it('stores a change, sends it with its idempotency key and forgets it once the server has it', async () => {
    const { entry, result } = await enqueue('estado', estado(1), 'clave-estado-0001');
    expect(result).toBe('sent');
    expect(server.calls).toEqual([{ path: fieldRoutes.estado.url, method: 'PATCH', body: estado(1), headers: { [IDEMPOTENCY_HEADER]: 'clave-estado-0001' } }]);
    expect(entry.owner).toBe(':rep-1');
    expect(await stored()).toEqual([]);
  });

  it('keeps changes made without signal, in order, and sends them oldest first when it returns', async () => {
    server.answers.push(offline);
    expect((await enqueue('estado', estado(1))).result).toBe('queued');
    server.answers.push(offline);
    expect((await enqueue('estado', estado(2))).result).toBe('queued');
    expect((await stored()).map((e) => (e.payload as { codent_id: number }).codent_id)).toEqual([1, 2]);

    server.calls.length = 0;
    await flush();
    expect(server.calls.map((c) => (c.body as { codent_id: number }).codent_id)).toEqual([1, 2]);
    expect(await stored()).toEqual([]);
  });

  it('keeps a refusal with the server\'s Spanish message, not sent again, and lets the later changes go', async () => {
    server.answers.push(refuse(409, 'El pedido fue eliminado.'));
    const refused = await enqueue('pedido', pedido(1));
    expect(refused.result).toEqual({ error: 'El pedido fue eliminado.' });
    expect((await enqueue('estado', estado(2))).result).toBe('sent');
    expect(server.calls.filter((c) => c.path === fieldRoutes.pedido.url)).toHaveLength(1);
    expect((await stored()).map((e) => [e.kind, e.error])).toEqual([['pedido', 'El pedido fue eliminado.']]);

    await discard(refused.entry.id);
    expect(await stored()).toEqual([]);
  });

  it('tries a change the server fails on again, holding the later ones, and shows it as refused after SERVER_TRIES', async () => {
    server.answers.push(refuse(500, 'Error interno'));
    const failing = await enqueue('estado', estado(1));
    expect(failing.result).toBe('retrying');
    server.answers.push(refuse(503, 'No disponible'));
    // The later change waits behind the failing one (kept, not failed itself): only the first went out each run.
    expect((await enqueue('estado', estado(2))).result).toBe('queued');
    expect(server.calls.map((c) => (c.body as { codent_id: number }).codent_id)).toEqual([1, 1]);

    // Two failures so far; the last try fails with 502.
    for (let i = 3; i < SERVER_TRIES; i++) server.answers.push(refuse(500, 'Error interno'));
    server.answers.push(refuse(502, 'Bad gateway'));
    await flush();
    const [first, ...rest] = await stored();
    expect(first).toMatchObject({ id: failing.entry.id, serverFailures: SERVER_TRIES, error: serverFailureMessage(502) });
    // Once refused, it no longer holds the queue: the second change went in the same run.
    expect(rest).toEqual([]);
    expect(server.calls.at(-1)!.body).toEqual(estado(2));
  });

  it('rewrites a customer registered offline to the server\'s id in the changes that name it', async () => {
    server.answers.push(offline);
    const customer = await enqueue('cliente', { nombre: 'Almacén Nuevo', nrodoc: '30111222', direccion: 'San Martín 10' } as never);
    const local = localCustomerId(customer.entry.key);
    server.answers.push(offline);
    await enqueue('pedido', pedido(local));
    expect(await serverIdOf(local)).toBeNull();

    server.calls.length = 0;
    server.answers.push(() => ({ id: 77 }));
    await flush();
    expect(server.calls.map((c) => c.path)).toEqual([fieldRoutes.nuevoCliente.url, fieldRoutes.pedido.url]);
    expect((server.calls[1]!.body as { codentiId: unknown }).codentiId).toBe(77);
    expect(await serverIdOf(local)).toBe(77);
  });

  it('sends no deletion that names no sale', async () => {
    expect((await enqueue('borrar', { clientId: 5, date: '2026-11-25', ventas: [], claves: [] })).result).toBe('sent');
    expect(server.calls).toEqual([]);
    await enqueue('borrar', { clientId: 5, date: '2026-11-25', ventas: [3, 4], claves: ['clave-pedido-0001'] });
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.method).toBe('DELETE');
  });
});
