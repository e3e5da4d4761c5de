import type { Clock } from '../../shared/ports.ts';
import { checkManagesIntegrations, recordedActor, type TokenActor } from '../model/actor.ts';
import type { ApiToken } from '../model/api-token.ts';
import { ApiTokenNotFoundError } from '../errors.ts';
import type { ApiTokenRepository } from '../ports.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name recorded when the terminal names nobody. */
export const UNNAMED_TERMINAL_REVOKER = 'Terminal (no --as)';

/**
 * Revokes a token: its next request is refused, in every process (tokens are read on each request). Revoking one
 * already revoked changes nothing and answers it as it was revoked.
 */
export class RevokeApiToken {
  constructor(private readonly deps: { tokens: ApiTokenRepository; clock: Clock }) {}

  async execute(input: { id: string; actor: TokenActor | null }): Promise<ApiToken> {
    if (input.actor) checkManagesIntegrations(input.actor);
    if (!UUID.test(input.id)) throw new ApiTokenNotFoundError(input.id);
    const by = input.actor ? recordedActor(input.actor) : { id: null, name: UNNAMED_TERMINAL_REVOKER };
    const token = await this.deps.tokens.revoke(input.id, by, this.deps.clock.now());
    if (!token) throw new ApiTokenNotFoundError(input.id);
    return token;
  }
}
