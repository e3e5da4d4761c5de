import { z } from 'zod';
import { API_SCOPES, type ApiScope } from './scopes.ts';

export const API_TOKEN_NAME_MAX = 80;

/**
 * A token another tool reads the site's API with. The secret is shown once, when it is made; only its SHA-256 is
 * stored. Revoked tokens stay listed, with who revoked them and when.
 */
export interface ApiToken {
  id: string;
  name: string;
  scopes: ApiScope[];
  /** SHA-256 of the secret, hex */
  tokenHash: string;
  createdById: string;
  createdByName: string;
  createdAt: Date;
  /** the last request it made, to the minute (written at most once a minute) */
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedById: string | null;
  revokedByName: string | null;
}

/** A token as its creator names it: a name, and one or more scopes. */
export const apiTokenInputSchema = z.object({
  name: z
    .string({ error: 'Give the token a name.' })
    .trim()
    .min(1, 'Give the token a name.')
    .max(API_TOKEN_NAME_MAX, `The name is at most ${API_TOKEN_NAME_MAX} characters.`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `A scope is one of ${API_SCOPES.join(', ')}.` }), {
      error: 'Choose at least one scope.',
    })
    .min(1, 'Choose at least one scope.')
    .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;

/** last use is written when the stored one is older than this: one write a minute per token at most */
export const LAST_USED_EVERY_MS = 60_000;
