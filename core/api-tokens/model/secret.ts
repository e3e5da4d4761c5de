import { createHash, randomBytes } from 'node:crypto';

/** the start of every token, so a leaked one is recognised by secret scanners and by people */
export const API_TOKEN_PREFIX = 'bbt_';

/** A new token's secret: the prefix and 32 random bytes, base64url. */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a secret and looked up by. */
export function apiTokenHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
