import type { Clock } from '../../shared/ports.ts';
import type { ApiCaller } from '../model/caller.ts';
import type { UserRepository } from '../../users/ports.ts';
import { LAST_USED_EVERY_MS } from '../model/api-token.ts';
import { API_TOKEN_PREFIX, apiTokenHash } from '../model/secret.ts';
import { ApiTokenRefusedError } from '../errors.ts';
import type { ApiTokenRepository } from '../ports.ts';

/**
 * Reads the token a request carries, on every request (no cache, so a revoke holds from the next request in every
 * process), with its creator as they are now; notes its use at most once a minute.
 */
export class AuthenticateApiToken {
  constructor(private readonly deps: { tokens: ApiTokenRepository; users: UserRepository; clock: Clock }) {}

  async execute(secret: string | null): Promise<ApiCaller> {
    if (!secret)
      throw new ApiTokenRefusedError(
        'API_TOKEN_REQUIRED',
        'This API needs an API token: send it as Authorization: Bearer <token>.',
      );
    const token = secret.startsWith(API_TOKEN_PREFIX) ? await this.deps.tokens.findByHash(apiTokenHash(secret)) : null;
    if (!token || token.revokedAt)
      throw new ApiTokenRefusedError(
        'API_TOKEN_INVALID',
        token ? 'This API token was revoked.' : 'This API token is not one the site knows.',
      );
    const creator = await this.deps.users.findById(token.createdById);
    const now = this.deps.clock.now();
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USED_EVERY_MS)
      await this.deps.tokens.touch(token.id, now, new Date(now.getTime() - LAST_USED_EVERY_MS));
    return { token, creator };
  }
}
