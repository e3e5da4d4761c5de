import { createApplicationModules, type ApplicationPorts } from './applications/module.ts';
import { Catalogue } from './catalogue/catalogue.ts';
import { FindProduct } from './catalogue/find-product.ts';
import { ListCatalogue } from './catalogue/list-catalogue.ts';
import { createUserModules, type UserPorts } from './users/module.ts';
import { createDeliveryModule, type DeliveryPorts } from './delivery/module.ts';
import { createPurchaseModule, type PurchasePorts } from './purchases/module.ts';
import { tokenLedgerFromAccounts } from './purchases/token-ledger-bridge.ts';
import type { Clock, IdGenerator, TransactionRunner } from './shared/ports.ts';

/** Every port the use cases need; the composition root provides each one (nothing falls back to a default). */
export interface CorePorts {
  clock: Clock;
  ids: IdGenerator;
  catalogue: Catalogue;
  transactions: TransactionRunner;
  applications: ApplicationPorts;
  users: UserPorts;
  /** the store's token grants are always the accounts module's credit and debit */
  purchases: Omit<PurchasePorts, 'ledger'>;
  /** Discord: the outbox, the bot and the role mapping */
  delivery: DeliveryPorts;
}

/** Builds every use case from the ports the adapters provide. */
export function createCore(ports: CorePorts) {
  const { catalogue, clock, ids, transactions } = ports;
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
      { ...ports.purchases, ledger: tokenLedgerFromAccounts(accounts.tokens, accounts.users) },
      { catalogue, clock, ids, transactions, effects },
    ),
    delivery,
  };
}

export type Core = ReturnType<typeof createCore>;
