import { isErasedDiscordId } from '../../privacy/model/erasure.ts';
import type { User } from '../../users/model/user.ts';
import { ApiScopeRequiredError } from '../errors.ts';
import type { ApiToken } from './api-token.ts';
import { allowsScope, type ApiScope, scopeNeeds } from './scopes.ts';

/** A request's token and its creator, both read for this request. */
export interface ApiCaller {
  token: ApiToken;
  /** null when the account is gone: the token then reads nothing */
  creator: User | null;
}

/**
 * A token's power at this request: its scopes AND its creator's permissions now. A creator demoted, banned or erased
 * leaves the token refused where the permission went.
 */
export function checkScope(caller: ApiCaller, scope: ApiScope): void {
  if (!caller.token.scopes.includes(scope)) throw new ApiScopeRequiredError(scope);
  const { creator } = caller;
  if (!creator || isErasedDiscordId(creator.discordId) || !allowsScope(creator, scope))
    throw new ApiScopeRequiredError(
      scope,
      `The ${scope} scope needs the token's creator to hold ${scopeNeeds(scope)}, and they no longer do.`,
    );
}
