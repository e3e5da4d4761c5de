import type { ApiToken } from './model/api-token.ts';

export interface ApiTokenRepository {
  add(token: ApiToken): Promise<void>;
  /** newest first, at most `limit` */
  list(limit: number): Promise<ApiToken[]>;
  findById(id: string): Promise<ApiToken | null>;
  /** by the SHA-256 of its secret (a unique index); revoked ones too */
  findByHash(tokenHash: string): Promise<ApiToken | null>;
  /** marks it revoked unless it already is; answers the token as it now stands, or null when there is none */
  revoke(id: string, by: { id: string | null; name: string }, at: Date): Promise<ApiToken | null>;
  /** sets its last use to `at` only where the stored one is null or at or before `staleBefore` (one conditional update) */
  touch(id: string, at: Date, staleBefore: Date): Promise<void>;
}
