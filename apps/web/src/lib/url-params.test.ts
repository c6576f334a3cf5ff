import { describe, expect, test } from 'vitest';
import { liveSearchParams } from './url-params';

describe('liveSearchParams', () => {
  test('reads the query after the hash path', () => {
    const p = liveSearchParams('#/1/auditoria?usuario=olga&page=2');
    expect(p.get('usuario')).toBe('olga');
    expect(p.get('page')).toBe('2');
    expect(p.get('accion')).toBeNull();
  });
  test('an address without a query gives no parameters', () => {
    expect([...liveSearchParams('#/1/auditoria').keys()]).toEqual([]);
    expect([...liveSearchParams('').keys()]).toEqual([]);
  });
  test('encoded values are decoded', () => {
    expect(liveSearchParams('#/1/pedidos?buscar=ma%C3%ADz%20x').get('buscar')).toBe('maíz x');
  });
});
