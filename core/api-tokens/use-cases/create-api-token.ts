import { checkedInput } from '../../shared/checked-input.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { checkManagesIntegrations, recordedActor, type TokenActor } from '../model/actor.ts';
import { type ApiToken, type ApiTokenInput, apiTokenInputSchema } from '../model/api-token.ts';
import { apiTokenHash, newApiTokenSecret } from '../model/secret.ts';
import { allowsScope, scopeNeeds } from '../model/scopes.ts';
import { ApiScopeRequiredError } from '../errors.ts';
import type { ApiTokenRepository } from '../ports.ts';

/** Makes a token with a name and scopes the actor's own permissions allow; its secret is answered this once. */
export class CreateApiToken {
  constructor(private readonly deps: { tokens: ApiTokenRepository; ids: IdGenerator; clock: Clock }) {}

  async execute(input: { token: ApiTokenInput; actor: TokenActor }): Promise<{ token: ApiToken; secret: string }> {
    checkManagesIntegrations(input.actor);
    const terms = checkedInput(apiTokenInputSchema, input.token, 'API_TOKEN_INVALID_INPUT');
    // nobody hands a tool more than they may read themselves
    for (const scope of terms.scopes)
      if (!allowsScope(input.actor, scope))
        throw new ApiScopeRequiredError(
          scope,
          `The ${scope} scope needs the ${scopeNeeds(scope)} permission, which you do not hold.`,
        );
    const secret = newApiTokenSecret();
    const by = recordedActor(input.actor);
    const token: ApiToken = {
      id: this.deps.ids.next(),
      name: terms.name,
      scopes: terms.scopes,
      tokenHash: apiTokenHash(secret),
      createdById: by.id,
      createdByName: by.name,
      createdAt: this.deps.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
      revokedById: null,
      revokedByName: null,
    };
    await this.deps.tokens.add(token);
    return { token, secret };
  }
}
