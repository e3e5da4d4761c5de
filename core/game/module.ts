import type { Catalogue } from '../catalogue/model/catalogue.ts';
import type { Entitlements } from '../delivery/ports.ts';
import type { TokenChangeDeps } from '../tokens/model/apply-token-change.ts';
import type { Clock } from '../shared/ports.ts';
import type { UserRepository } from '../users/ports.ts';
import { GameTokenChange } from './use-cases/game-tokens.ts';
import { CheckPlayerAccess } from './use-cases/check-player-access.ts';
import type { ServerCheckLog } from './ports.ts';
import { RecordServerCheck } from './use-cases/record-server-check.ts';
import type { ServerStatusSource } from './model/server-status.ts';
import { type OwnerFigures, ShowServerFigures } from './use-cases/show-server-figures.ts';

export interface GamePorts {
  /** the game server's last known status */
  status: ServerStatusSource;
  /** the status checks counted per hour, for the uptime */
  checks: ServerCheckLog;
  /** the figures the owner set for what the site does not measure */
  ownerFigures: OwnerFigures;
}

/** What the game server asks the site, and what the site shows of the game server. */
export function createGameModule(
  p: GamePorts,
  shared: {
    users: UserRepository;
    entitlements: Entitlements;
    catalogue: Catalogue;
    tokens: TokenChangeDeps;
    clock: Clock;
  },
) {
  return {
    status: () => p.status.current(),
    figures: new ShowServerFigures(shared.users, p.ownerFigures),
    recordCheck: new RecordServerCheck(p.checks, shared.clock),
    access: new CheckPlayerAccess(shared.users, shared.entitlements, shared.catalogue),
    tokens: new GameTokenChange(shared.users, shared.tokens),
  };
}
