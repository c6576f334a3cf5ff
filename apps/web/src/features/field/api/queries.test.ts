import { describe, expect, it } from 'vitest';
import { todayInArgentina, type ClienteLista, type VentasProductsResponse, type VisitaCliente, type VisitasResponse } from '@portal/contract';
import { localCustomerId, type OutboxEntry, type OutboxKind } from '../offline/outbox';
import { overlayPurchases, overlayVisits, pendingCustomers } from './queries';

const TODAY = todayInArgentina();
let n = 0;
/** A queued write as the outbox keeps it (payloads as the screens build them). */
function entry(kind: OutboxKind, payload: unknown, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  n += 1;
  return { id: String(n).padStart(6, '0'), kind, key: `clave-${n}-abcdef`, owner: 'x', payload, createdAt: Date.parse(`${TODAY}T10:00:00`), ...patch } as OutboxEntry;
}

const visit = (id: number, patch: Partial<VisitaCliente> = {}): VisitaCliente => ({
  ventas_id: null, id, codenti_id: id + 1000, nombre: `Cliente ${id}`, lugar_entrega: 'Ruta 5 km 3', turno: 'mañana', num_documento: '30111222',
  estado_venta: 'pendiente', es_nuevo: false, hora: null, detalle: '', estado: 'normal', ...patch,
});
const day = (fecha: string, clientes: VisitaCliente[]): VisitasResponse => ({ success: true, fecha, dia: 'lunes', clientes, turnos: ['mañana', 'tarde'] });

const newCustomer = entry('cliente', { nombre: 'Almacén Nuevo', nrodoc: '30111222', direccion: 'San Martín 10' });

describe('the visits with what the outbox still holds', () => {
  it('lists the customers registered on the phone under their local id', () => {
    const customers = pendingCustomers([newCustomer, entry('estado', { codent_id: 1, fecha: TODAY, estado: 'ausente' })]);
    expect(customers).toEqual([{ id: localCustomerId(newCustomer.key), generalId: 0, nombre: 'Almacén Nuevo', direccion: 'San Martín 10', documento: '30111222' }]);
  });

  it('applies queued states, sales and containers to the day they belong to', () => {
    const data = day(TODAY, [visit(1), visit(2), visit(3)]);
    const out = overlayVisits(data, [
      entry('estado', { codent_id: 1, fecha: TODAY, estado: 'ausente' }),
      entry('pedido', { codentiId: 2, fecha: TODAY, renglones: [] }),
      entry('envases', { clienteId: 3, fecha: TODAY, envases: [] }),
      entry('estado', { codent_id: 3, fecha: '2020-01-01', estado: 'cerrado' }),
    ], [])!;
    expect(out.clientes.map((c) => [c.id, c.estado, c.estado_venta])).toEqual([
      [1, 'ausente', 'pendiente'],
      [2, 'normal', 'realizado'],
      [3, 'normal', 'realizado'],
    ]);
    // The server's answer itself is left as it was (the cache keeps it).
    expect(data.clientes[0]!.estado).toBe('normal');
  });

  it('skips a write the server refused', () => {
    const out = overlayVisits(day(TODAY, [visit(1)]), [entry('estado', { codent_id: 1, fecha: TODAY, estado: 'ausente' }, { error: 'Rechazado' })], [])!;
    expect(out.clientes[0]!.estado).toBe('normal');
  });

  it('adds today a customer registered offline, and a known customer a queued write names', () => {
    const known: ClienteLista = { id: 9, generalId: 1009, nombre: 'Otro', direccion: 'Belgrano 1', documento: '20111222' };
    const out = overlayVisits(day(TODAY, [visit(1)]), [newCustomer, entry('pedido', { codentiId: 9, fecha: TODAY, renglones: [] })], [known])!;
    expect(out.clientes.map((c) => [c.id, c.nombre, c.es_nuevo, c.estado_venta])).toEqual([
      [1, 'Cliente 1', false, 'pendiente'],
      [localCustomerId(newCustomer.key), 'Almacén Nuevo', true, 'pendiente'],
      [9, 'Otro', true, 'realizado'],
    ]);
    // Another day does not get today's new customer.
    expect(overlayVisits(day('2020-01-01', []), [newCustomer], [])!.clientes).toEqual([]);
  });

  it('leaves a missing answer missing', () => {
    expect(overlayVisits(undefined, [newCustomer], [])).toBeUndefined();
  });
});

describe('a customer\'s purchases with what the outbox still holds', () => {
  const names = new Map([[10, 'Yerba 1 kg'], [20, 'Garrafa 10 kg']]);
  const base = (compras: VentasProductsResponse['compras']): VentasProductsResponse => ({
    success: true, cliente: { id: 5, generalId: 1005, nombre: 'Cliente 5', direccion: 'Mitre 1', documento: '30111222', hora: null, estado: 'normal' }, compras, total: '0.00',
  });
  const sale = (ventasId: number, subtotal: string) => ({ producto: 'Yerba 1 kg', producto_id: 10, cantidad: '1', precio: subtotal, subtotal, es_envase: false, ventas_id: ventasId });
  const container = (cantidad: string) => ({ producto: 'Garrafa 10 kg', producto_id: 20, cantidad, precio: '0.00', subtotal: '0.00', es_envase: true, ventas_id: null });

  it('adds a queued sale as pending lines with decimal subtotals, and totals the sales only', () => {
    const order = entry('pedido', { codentiId: 5, fecha: TODAY, renglones: [{ codprodId: 10, cantidadStock: 3, precio_unitario: '0.10' }, { codprodId: 99, cantidadStock: 1, precio_unitario: '' }] });
    const out = overlayPurchases(base([sale(1, '100.00'), container('2')]), [order], '5', TODAY, names, [])!;
    expect(out.compras.slice(2)).toEqual([
      { producto: 'Yerba 1 kg', producto_id: 10, cantidad: '3', precio: '0.10', subtotal: '0.30', es_envase: false, ventas_id: null, pendiente: true, clave: order.key },
      { producto: 'Producto 99', producto_id: 99, cantidad: '1', precio: '0.00', subtotal: '0.00', es_envase: false, ventas_id: null, pendiente: true, clave: order.key },
    ]);
    expect(out.total).toBe('100.30');
  });

  it('ignores writes of another customer or day', () => {
    const out = overlayPurchases(base([sale(1, '50.00')]), [
      entry('pedido', { codentiId: 6, fecha: TODAY, renglones: [{ codprodId: 10, cantidadStock: 1, precio_unitario: '1' }] }),
      entry('borrar', { clientId: 5, date: '2020-01-01', ventas: [1] }),
    ], '5', TODAY, names, [])!;
    expect(out.compras).toHaveLength(1);
    expect(out.total).toBe('50.00');
  });

  it('deletes only the sales the phone showed, by server id or by key, and never the containers', () => {
    const queued = entry('pedido', { codentiId: 5, fecha: TODAY, renglones: [{ codprodId: 10, cantidadStock: 1, precio_unitario: '7' }] });
    const out = overlayPurchases(base([sale(1, '10.00'), sale(2, '20.00'), container('1')]), [
      queued,
      entry('borrar', { clientId: 5, date: TODAY, ventas: [1], claves: [queued.key] }),
    ], '5', TODAY, names, [])!;
    expect(out.compras.map((c) => [c.ventas_id, c.es_envase])).toEqual([[2, false], [null, true]]);
    expect(out.total).toBe('20.00');
  });

  it('applies container changes as the server does: the difference from what the phone showed, never below zero', () => {
    const change = (envases: unknown) => entry('envases', { clienteId: 5, fecha: TODAY, envases });
    const grow = overlayPurchases(base([container('2')]), [change([{ productoId: 20, cantidad: 5, anterior: 3 }])], '5', TODAY, names, [])!;
    expect(grow.compras.map((c) => [c.producto_id, c.cantidad, c.pendiente])).toEqual([[20, '4', true]]);
    const gone = overlayPurchases(base([container('2')]), [change([{ productoId: 20, cantidad: 0, anterior: 4 }])], '5', TODAY, names, [])!;
    expect(gone.compras).toEqual([]);
    const set = overlayPurchases(base([]), [change([{ productoId: 20, cantidad: 6 }])], '5', TODAY, names, [])!;
    expect(set.compras.map((c) => [c.producto, c.cantidad])).toEqual([['Garrafa 10 kg', '6']]);
  });

  it('builds the purchases of a customer known only from the list, and none for an unknown one', () => {
    const known: ClienteLista = { id: 7, generalId: 1007, nombre: 'Nuevo', direccion: 'Sarmiento 3', documento: '20333444' };
    const order = entry('pedido', { codentiId: 7, fecha: TODAY, renglones: [{ codprodId: 10, cantidadStock: 2, precio_unitario: '1.5' }] });
    const out = overlayPurchases(undefined, [order], '7', TODAY, names, [known])!;
    expect(out.cliente.nombre).toBe('Nuevo');
    expect(out.total).toBe('3.00');
    expect(overlayPurchases(undefined, [order], '8', TODAY, names, [known])).toBeUndefined();
  });
});
