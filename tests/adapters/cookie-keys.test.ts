import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from '../../adapters/http/middleware/cookie-keys.ts';

/** keygrip's documented signature, written out: HMAC-SHA1, base64 with / + = made URL-safe */
const keygripSignature = (data: string, key: string) =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] as string);

describe('cookie signing keys', () => {
  const keys = new CookieKeys(['current-secret', 'previous-secret']);
  const data = 'bayou.sid=4f1c2e9a-session';

  it('signs as keygrip does, so cookies signed before keep verifying', () => {
    expect(keys.sign(data)).toBe(keygripSignature(data, 'current-secret'));
  });

  it('tells which key signed a cookie, and refuses a forged or altered one', () => {
    expect(keys.index(data, keygripSignature(data, 'current-secret'))).toBe(0);
    expect(keys.index(data, keygripSignature(data, 'previous-secret'))).toBe(1);
    expect(keys.verify(data, keygripSignature(data, 'someone-elses-secret'))).toBe(false);
    expect(keys.verify(`${data}x`, keygripSignature(data, 'current-secret'))).toBe(false);
    expect(keys.verify(data, '')).toBe(false);
    expect(keys.verify(data, keygripSignature(data, 'current-secret').slice(1))).toBe(false);
  });

  it('needs a key', () => {
    expect(() => new CookieKeys([])).toThrow('Cookie signing needs at least one key.');
  });
});
