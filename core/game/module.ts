import type { Catalogue } from '../catalogue/catalogue.ts';
import type { Entitlements } from '../delivery/ports.ts';
import type { TokenChangeDeps } from '../tokens/apply-token-change.ts';
import type { UserRepository } from '../users/ports.ts';
import { GameTokenChange } from './game-tokens.ts';
import { PlayerAccess } from './player-access.ts';
import type { ServerStatusSource } from './server-status.ts';

export interface GamePorts {
  /** the game server's last known status */
  status: ServerStatusSource;
}

/** What the game server asks the site, and what the site shows of the game server. */
export function createGameModule(
  p: GamePorts,
  shared: { users: UserRepository; entitlements: Entitlements; catalogue: Catalogue; tokens: TokenChangeDeps },
) {
  return {
    status: () => p.status.current(),
    access: new PlayerAccess(shared.users, shared.entitlements, shared.catalogue),
    tokens: new GameTokenChange(shared.users, shared.tokens),
  };
}
