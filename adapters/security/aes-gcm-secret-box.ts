import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../core/security/ports.ts';

const keyOf = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'bayou-second-factor', 'totp-secret-box', 32));

/**
 * AES-256-GCM with a key derived (HKDF-SHA-256) from the session secret, so a copy of the database alone does not
 * give away the authenticator-app and webhook secrets. A secret is sealed with the current SESSION_SECRET's key and
 * opened with it or, while a rotation is under way, with SESSION_SECRET_PREVIOUS's (decision 0111); with neither, it is
 * unreadable: those members set their app up again, and those endpoints are added again.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly key: Buffer;
  private readonly previousKeys: Buffer[];

  constructor(sessionSecret: string, previousSessionSecrets: readonly string[] = []) {
    this.key = keyOf(sessionSecret);
    this.previousKeys = previousSessionSecrets.map(keyOf);
  }

  /** whether a secret sealed by an earlier session secret may still be opened (a rotation is under way) */
  get rotating(): boolean {
    return this.previousKeys.length > 0;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    return this.opened(sealed).plain;
  }

  /**
   * The secret sealed again with the current key when an earlier one sealed it; null when the current key sealed it
   * already. Throws when no key opens it.
   */
  resealed(sealed: string): string | null {
    const { plain, byCurrentKey } = this.opened(sealed);
    return byCurrentKey ? null : this.seal(plain);
  }

  /** the plain secret and whether the current key sealed it, the current key tried first; throws when none opens it */
  private opened(sealed: string): { plain: string; byCurrentKey: boolean } {
    for (const key of [this.key, ...this.previousKeys]) {
      const plain = openWith(key, sealed);
      if (plain !== null) return { plain, byCurrentKey: key === this.key };
    }
    throw new Error('The sealed secret opens with no key this site holds.');
  }
}

/** the plain secret, or null when `key` did not seal it (its tag does not match) */
function openWith(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret.');
  // the whole 16-byte tag: a shortened one is refused, not checked on fewer bytes
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
