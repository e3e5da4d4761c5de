import type { Clock, IdGenerator } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import type { ApiTokenRepository } from './ports.ts';
import { AuthenticateApiToken } from './use-cases/authenticate-api-token.ts';
import { CreateApiToken } from './use-cases/create-api-token.ts';
import { ListApiTokens } from './use-cases/list-api-tokens.ts';
import { RevokeApiToken } from './use-cases/revoke-api-token.ts';

export interface ApiTokenPorts {
  tokens: ApiTokenRepository;
}

/** Tokens other tools read the site's API with (decision 0109). */
export function createApiTokenModule(
  ports: ApiTokenPorts,
  shared: { users: UserRepository; clock: Clock; ids: IdGenerator },
) {
  const { tokens } = ports;
  const { clock, ids, users } = shared;
  return {
    create: new CreateApiToken({ tokens, ids, clock }),
    list: new ListApiTokens(tokens),
    revoke: new RevokeApiToken({ tokens, clock }),
    authenticate: new AuthenticateApiToken({ tokens, users, clock }),
  };
}
