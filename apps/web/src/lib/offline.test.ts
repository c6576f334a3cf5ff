import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, errorMessage, isOffline } from './api';

/** A call that never reached the server is told apart from a server's refusal (the lists say the device is offline). */
describe('isOffline', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('fetch failing (no signal, a dropped connection) is offline', () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(isOffline(new TypeError('Failed to fetch'))).toBe(true);
  });

  test('a browser that knows it is offline is offline whatever failed', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(isOffline(undefined)).toBe(true);
    expect(isOffline(new ApiError(500, 'x', null))).toBe(true);
  });

  test("online, a server's refusal or any other failure is not", () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(isOffline(new ApiError(409, 'El pedido ya fue confirmado.', null))).toBe(false);
    expect(isOffline(new Error('x'))).toBe(false);
  });

  test("an action's notice keeps the spec's text when the call never arrived", () => {
    vi.stubGlobal('navigator', { onLine: true });
    expect(errorMessage(new TypeError('Failed to fetch'), 'No se puedo realizar la operanción')).toBe('No se puedo realizar la operanción');
    expect(errorMessage(new ApiError(409, 'El pedido ya fue confirmado.', null), 'x')).toBe('El pedido ya fue confirmado.');
  });
});
