import { randomUUID } from 'node:crypto';
import { Catalogue } from '../../core/catalogue/catalogue.ts';
import { createPurchaseModule } from '../../core/purchases/module.ts';
import { DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { InMemoryDemoIntentStore } from '../../adapters/payments/in-memory-demo-intent-store.ts';
import { InMemoryPaymentEventLog, InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { InMemoryStoreBans, InMemoryTokenLedger } from '../../adapters/memory/in-memory-token-ledger.ts';

/** The store on in-memory adapters and the demo gateway, with a clock a test moves by hand. */
export function purchasesFixture() {
  let now = new Date('2026-11-22T12:00:00Z');
  const clock = { now: () => new Date(now) };
  const purchases = new InMemoryPurchaseRepository();
  const events = new InMemoryPaymentEventLog();
  const ledger = new InMemoryTokenLedger();
  const bans = new InMemoryStoreBans();
  const intents = new InMemoryDemoIntentStore();
  const gateway = new DemoPaymentGateway(intents, clock);
  const ports = { purchases, events, gateway, ledger, bans };
  const shared = { catalogue: new Catalogue(), clock, ids: { next: randomUUID }, transactions: { run: <T>(work: () => Promise<T>) => work() } };
  const store = createPurchaseModule(ports, shared);
  const buyer = { id: randomUUID(), email: 'jean@example.com', discordUsername: 'jean_baptiste', username: null };
  return {
    store,
    purchases,
    ledger,
    bans,
    gateway,
    intents,
    buyer,
    clock,
    /** the same store and data, selling from another catalogue (as after a price change) */
    storeWith: (catalogue: Catalogue) => createPurchaseModule(ports, { ...shared, catalogue }),
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}
