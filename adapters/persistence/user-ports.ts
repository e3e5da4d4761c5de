import type { TokenPorts } from '../../core/tokens/module.ts';
import type { UserPorts } from '../../core/users/module.ts';
import type { Database } from './database.ts';
import { MikroOrmTokenLedger } from './mikro-orm-token-ledger.ts';
import { MikroOrmUserRepository } from './mikro-orm-user-repository.ts';

export function mikroOrmUserPorts(database: Database, adminDiscordIds: readonly string[]): UserPorts & TokenPorts {
  return {
    users: new MikroOrmUserRepository(database),
    tokenLedger: new MikroOrmTokenLedger(database),
    adminDiscordIds,
  };
}
