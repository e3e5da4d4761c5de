import { randomUUID } from 'node:crypto';
import { Catalogue } from '../../core/catalogue/catalogue.ts';
import { createPurchaseModule } from '../../core/purchases/module.ts';
import { tokenLedgerFromAccounts } from '../../core/purchases/token-ledger-bridge.ts';
import { createUserModules } from '../../core/users/module.ts';
import { DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { InMemoryPaymentEventLog, InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { InMemoryStoreBans } from '../../adapters/memory/in-memory-store-bans.ts';
import { InMemoryTransactions } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { InMemoryUserTokenLedger } from '../../adapters/memory/in-memory-user-token-ledger.ts';

/** The store on in-memory adapters and the demo gateway, with a clock a test moves by hand. */
export function purchasesFixture() {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const ids = { next: randomUUID };
  const users = new InMemoryUserRepository();
  const tokenLedger = new InMemoryUserTokenLedger(users);
  const purchases = new InMemoryPurchaseRepository();
  const events = new InMemoryPaymentEventLog();
  const bans = new InMemoryStoreBans();
  const intents = new InMemoryDemoIntentStore();
  const transactions = new InMemoryTransactions([users, tokenLedger, purchases, events, bans, intents]);
  const accounts = createUserModules({ users, tokenLedger }, { clock, ids, transactions });
  // the store's tokens go through the accounts module, as createCore wires them
  const ledger = tokenLedgerFromAccounts(accounts.tokens, accounts.users);
  const gateway = new DemoPaymentGateway(intents, clock);
  const ports = { purchases, events, gateway, ledger, bans };
  const shared = { catalogue: new Catalogue(), clock, ids, transactions };
  const store = createPurchaseModule(ports, shared);
  const buyer = { id: randomUUID(), email: 'jean@example.com', discordUsername: 'jean_baptiste', username: null };
  users.rows.set(buyer.id, {
    ...buyer,
    discordId: '100000000000000001',
    discordAvatar: null,
    discordDiscriminator: null,
    role: 'player',
    tokens: 0,
    isWhitelisted: false,
    whitelistTier: null,
    gangTier: null,
    bannedAt: null,
    banReason: null,
    createdAt: now,
    updatedAt: now,
  });
  return {
    store,
    users,
    purchases,
    bans,
    gateway,
    intents,
    buyer,
    /** the buyer's (or another user's) token balance */
    balance: (userId: string) => users.rows.get(userId)?.tokens ?? 0,
    tokenHistory: (userId: string) => tokenLedger.history(userId, 100),
    /** the same store and data, selling from another catalogue (as after a price change) */
    storeWith: (catalogue: Catalogue) => createPurchaseModule(ports, { ...shared, catalogue }),
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
