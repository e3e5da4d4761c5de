import { checkManagesIntegrations, type TokenActor } from '../model/actor.ts';
import type { ApiToken } from '../model/api-token.ts';
import type { ApiTokenRepository } from '../ports.ts';

/** the list shows at most this many, newest first */
export const API_TOKEN_LIST_MAX = 200;

/** Every token, revoked ones too, newest first; the terminal without --as (actor null) reads them as well. */
export class ListApiTokens {
  constructor(private readonly tokens: ApiTokenRepository) {}

  async execute(input: { actor: TokenActor | null }): Promise<ApiToken[]> {
    if (input.actor) checkManagesIntegrations(input.actor);
    return this.tokens.list(API_TOKEN_LIST_MAX);
  }
}
