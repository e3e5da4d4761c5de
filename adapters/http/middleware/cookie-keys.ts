import { createHmac, timingSafeEqual } from 'node:crypto';

/** keygrip's signature: HMAC-SHA1 in URL-safe base64 without padding. */
function signature(data: string, key: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}

/** good signatures remembered per process */
const CHECKED_MAX = 10_000;

/**
 * The cookie signing keys (Koa's `app.keys`), signing exactly as keygrip does, so every cookie signed before still
 * verifies. A signature is checked with one HMAC and a constant-time comparison, where keygrip's comparison spends
 * two more HMACs and fresh random bytes on every signed-in request. A signature found good is remembered.
 */
export class CookieKeys {
  /** signatures already checked, by signed text and signature: a signed-in visitor's cookie is checked once */
  private readonly checked = new Map<string, number>();

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
    const known = `${digest} ${data}`;
    const found = this.checked.get(known);
    if (found !== undefined) return found;
    const index = this.compute(data, digest);
    // only good signatures are cached (a flood of forged cookies cannot fill the map); the oldest go first
    if (index > -1) {
      if (this.checked.size >= CHECKED_MAX) this.checked.delete(this.checked.keys().next().value as string);
      this.checked.set(known, index);
    }
    return index;
  }

  private compute(data: string, digest: string): number {
    const given = Buffer.from(digest);
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(signature(data, this.keys[i] as string));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return i;
    }
    return -1;
  }
}
