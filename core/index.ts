import { createApplicationModules, type ApplicationPorts } from './applications/module.ts';
import { Catalogue } from './catalogue/catalogue.ts';
import { FindProduct } from './catalogue/find-product.ts';
import { ListCatalogue } from './catalogue/list-catalogue.ts';
import { createUserModules, type UserPorts } from './users/module.ts';
import { createDeliveryModule, type DeliveryPorts } from './delivery/module.ts';
import { createPurchaseModule, type PurchasePorts } from './purchases/module.ts';
import { tokenLedgerFromAccounts } from './purchases/token-ledger-bridge.ts';
import { systemClock, type Clock, type IdGenerator, type TransactionRunner } from './shared/ports.ts';

export interface CorePorts {
  clock?: Clock;
  ids?: IdGenerator;
  catalogue?: Catalogue;
  transactions?: TransactionRunner;
  applications?: ApplicationPorts;
  users?: UserPorts;
  /** the ledger defaults to the accounts module's credit and debit */
  purchases?: Omit<PurchasePorts, 'ledger'> & { ledger?: PurchasePorts['ledger'] };
  /** Discord: the outbox, the bot and the role mapping */
  delivery?: DeliveryPorts;
}

/** Builds every use case from the ports the adapters provide. */
export function createCore(ports: CorePorts = {}) {
  const catalogue = ports.catalogue ?? new Catalogue();
  const clock = ports.clock ?? systemClock;
  const ids = ports.ids ?? { next: () => crypto.randomUUID() };
  const transactions = ports.transactions ?? { run: (work) => work() };
  const accounts = createUserModules(ports.users, { clock, ids, transactions });
  const { effects, delivery } = createDeliveryModule(ports.delivery, { clock, ids });
  return {
    clock,
    catalogue: {
      list: new ListCatalogue(catalogue),
      find: new FindProduct(catalogue),
    },
    ...createApplicationModules(ports.applications, { clock, ids, transactions, effects }),
    ...accounts,
    purchases: createPurchaseModule(
      ports.purchases && { ...ports.purchases, ledger: ports.purchases.ledger ?? tokenLedgerFromAccounts(accounts.tokens, accounts.users) },
      { catalogue, clock, ids, transactions, effects },
    ),
    delivery,
  };
}

export type Core = ReturnType<typeof createCore>;
