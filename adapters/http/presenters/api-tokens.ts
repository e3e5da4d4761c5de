import type { ApiToken } from '../../../core/api-tokens/model/api-token.ts';
import type { ApiTokenDto } from '../contract/api-tokens.ts';

/** A token as admins see it: no secret, no hash. */
export function presentApiToken(token: ApiToken): ApiTokenDto {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    createdBy: token.createdByName,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    revokedBy: token.revokedByName,
  };
}
