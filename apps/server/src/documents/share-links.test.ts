import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signShareToken, verifyShareToken } from './share-links.js';

const SECRET = 'a-very-long-server-secret-for-the-share-links-0123456789';
const CLAIMS = { c: 7, e: 1042, k: 'voucher', r: 'FC-3-1234' };
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

/** Flips one character of the string at index i into another base64url character. */
function flip(text: string, i: number): string {
  const c = text[i] === 'A' ? 'B' : 'A';
  return text.slice(0, i) + c + text.slice(i + 1);
}

describe('share links', () => {
  test('a valid token gives back its claims and expiry', () => {
    const token = signShareToken(SECRET, CLAIMS, 3600, NOW);
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    assert.ok(token.length < 160, `compact: ${token.length} characters`);
    assert.deepEqual(verifyShareToken(SECRET, token, NOW), { ...CLAIMS, x: NOW / 1000 + 3600 });
    assert.deepEqual(verifyShareToken(SECRET, token, new Date(NOW + 3599_000)), { ...CLAIMS, x: NOW / 1000 + 3600 });
  });

  test('an expired token is refused', () => {
    const token = signShareToken(SECRET, CLAIMS, 3600, NOW);
    assert.equal(verifyShareToken(SECRET, token, NOW + 3600_000), null);
    assert.equal(verifyShareToken(SECRET, token, NOW + 86_400_000), null);
  });

  test('an altered payload is refused', () => {
    const token = signShareToken(SECRET, CLAIMS, 3600, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...CLAIMS, e: 1043, x: NOW / 1000 + 3600 })).toString('base64url');
    assert.equal(verifyShareToken(SECRET, `${forged}.${signature}`, NOW), null);
    for (let i = 0; i < payload.length; i++) {
      assert.equal(verifyShareToken(SECRET, `${flip(payload, i)}.${signature}`, NOW), null, `payload char ${i}`);
    }
  });

  test('an altered signature is refused, including its last character', () => {
    const token = signShareToken(SECRET, CLAIMS, 3600, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    for (let i = 0; i < signature.length; i++) {
      assert.equal(verifyShareToken(SECRET, `${payload}.${flip(signature, i)}`, NOW), null, `signature char ${i}`);
    }
    assert.equal(verifyShareToken(SECRET, `${payload}.${signature.slice(0, -1)}`, NOW), null);
  });

  test('a token signed with another secret is refused', () => {
    const token = signShareToken('another-secret-of-another-installation-000000', CLAIMS, 3600, NOW);
    assert.equal(verifyShareToken(SECRET, token, NOW), null);
  });

  test('malformed tokens are refused without throwing', () => {
    for (const bad of ['', '.', 'abc', 'a.b.c', `${'x'.repeat(2000)}.${'y'.repeat(43)}`, 'e30.' + 'A'.repeat(43)]) {
      assert.equal(verifyShareToken(SECRET, bad, NOW), null, bad.slice(0, 20));
    }
  });

  test('claims that could not be verified are refused when signing', () => {
    assert.throws(() => signShareToken(SECRET, { ...CLAIMS, c: 0 }, 60, NOW));
    assert.throws(() => signShareToken(SECRET, { ...CLAIMS, k: 'Voucher!' }, 60, NOW));
    assert.throws(() => signShareToken(SECRET, { ...CLAIMS, r: '' }, 60, NOW));
    assert.throws(() => signShareToken(SECRET, CLAIMS, 0, NOW));
    assert.throws(() => signShareToken('', CLAIMS, 60, NOW));
  });
});
