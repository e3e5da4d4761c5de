/** The rules are core's: the admin screen's form and the request body are checked by the same schema. */
export {
  API_TOKEN_NAME_MAX,
  apiTokenInputSchema,
  type ApiTokenInput,
} from '../../../core/api-tokens/model/api-token.ts';
export { API_SCOPES, SCOPE_LABELS, scopeNeeds, type ApiScope } from '../../../core/api-tokens/model/scopes.ts';

import type { ApiScope } from '../../../core/api-tokens/model/scopes.ts';

/** An API token as the admin screen lists it (GET /api/api-tokens): never its secret, nor the secret's hash. */
export interface ApiTokenDto {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
}

export interface ApiTokensResponse {
  tokens: ApiTokenDto[];
  /** the scopes the signed-in admin may give a new token (their own permissions allow them) */
  allowedScopes: ApiScope[];
}

/** POST /api/api-tokens (201): the token made, and its secret, shown this once */
export interface CreatedApiTokenResponse {
  token: ApiTokenDto;
  secret: string;
}
