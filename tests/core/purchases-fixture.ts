import { randomUUID } from 'node:crypto';
import type { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { RoleMappingSettings } from '../../core/delivery/model/role-mapping.ts';
import { createCore } from '../../core/index.ts';
import type { GrantPlan } from '../../core/grants/model/grant-plan.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';
import type { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';

/**
 * Jean, a player with no tokens, stored in the in-memory users: the buyer of the core's purchase tests; `who` makes
 * another player.
 */
export function addBuyer(
  users: InMemoryUserRepository,
  now: Date,
  who: { discordId: string; email: string | null; discordUsername: string | null; username: string | null } = {
    discordId: '100000000000000001',
    email: 'jean@example.com',
    discordUsername: 'jean_baptiste',
    username: null,
  },
) {
  const { discordId, ...buyer } = { id: randomUUID(), ...who };
  users.rows.set(buyer.id, {
    ...buyer,
    discordId,
    discordAvatar: null,
    discordDiscriminator: null,
    role: 'player',
    tokens: 0,
    boughtTokens: 0,
    isWhitelisted: false,
    whitelistTier: null,
    gangTier: null,
    bannedAt: null,
    banReason: null,
    createdAt: now,
    updatedAt: now,
  });
  return buyer;
}

/** The store on in-memory adapters and the demo gateway, with a clock a test moves by hand. */
export function purchasesFixture(options: { roles?: RoleMappingSettings; grants?: GrantPlan } = {}) {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const memory = composeInMemory({ clock, ...options });
  const { users, tokenLedger, purchases, bans, intents, outbox } = memory.stores;
  const buyer = addBuyer(users, now);
  return {
    store: memory.core.purchases,
    /** the memberships module on the same stores, and those stores and transactions themselves */
    memberships: memory.core.memberships,
    memory,
    users,
    purchases,
    bans,
    gateway: memory.gateway,
    intents,
    outbox,
    buyer,
    clock,
    /** the buyer's (or another user's) token balance */
    balance: (userId: string) => users.rows.get(userId)?.tokens ?? 0,
    tokenHistory: (userId: string) => tokenLedger.history(userId, 100),
    /** the same store and data, selling from another catalogue (as after a price change) */
    storeWith: (catalogue: Catalogue) => createCore({ ...memory.ports, catalogue }).purchases,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
