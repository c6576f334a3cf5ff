import { afterEach, describe, expect, test, vi } from 'vitest';
import { msg } from '@portal/contract';
import { ApiError, errorMessage, isOffline } from './api';

/** A call that never reached the server is said as "offline", not as the screen's data error. */
describe('errorMessage and isOffline', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("the server's refusal keeps its own message, online or not", () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(errorMessage(new ApiError(409, 'El pedido ya fue confirmado.', null), 'Error al cargar datos')).toBe('El pedido ya fue confirmado.');
  });

  test('fetch failing (no signal, a dropped connection) reads as offline', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(isOffline(new TypeError('Failed to fetch'))).toBe(true);
    expect(errorMessage(new TypeError('Failed to fetch'), 'Error al cargar datos')).toBe(msg.sinConexion);
  });

  test('a browser that knows it is offline reads as offline whatever failed', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOffline(undefined)).toBe(true);
    expect(errorMessage(new Error('x'), 'Error al cargar datos')).toBe(msg.sinConexion);
  });

  test('online, any other failure keeps the fallback', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(isOffline(new Error('x'))).toBe(false);
    expect(errorMessage(new Error('x'), 'Error al cargar datos')).toBe('Error al cargar datos');
    expect(errorMessage(new ApiError(500, '', null), 'Error al cargar datos')).toBe('Error al cargar datos');
  });
});
