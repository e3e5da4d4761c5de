import { createHmac, timingSafeEqual } from 'node:crypto';

/** keygrip's signature: HMAC-SHA1 in URL-safe base64 without padding. */
function signature(data: string, key: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}

/**
 * The cookie signing keys (Koa's `app.keys`), signing exactly as keygrip does, so every cookie signed before still
 * verifies. A signature is checked with one HMAC and a constant-time comparison, where keygrip's comparison spends
 * two more HMACs and fresh random bytes on every signed-in request.
 */
export class CookieKeys {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('Cookie signing needs at least one key.');
  }

  sign(data: string): string {
    return signature(data, this.keys[0] as string);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** which key signed `data` with `digest`; -1 for none */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(signature(data, this.keys[i] as string));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return i;
    }
    return -1;
  }
}
