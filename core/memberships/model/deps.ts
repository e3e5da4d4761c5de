import type { Catalogue } from '../../catalogue/model/catalogue.ts';
import type { PurchaseSettlement } from '../../purchases/model/purchase-settlement.ts';
import type { PaymentEventLog, PaymentGateway, PurchaseRepository } from '../../purchases/ports.ts';
import type { Clock, IdGenerator, TransactionRunner } from '../../shared/ports.ts';
import type { MembershipRepository, SubscriptionGateway } from '../ports.ts';
import type { MembershipLifecycle } from './lifecycle.ts';
import type { MembershipPayments } from './membership-payments.ts';
import type { MembershipViews } from './membership-views.ts';

/** Everything the membership use cases draw on; each use case names the part it takes (`<UseCase>Deps`). */
export interface MembershipDeps {
  memberships: MembershipRepository;
  purchases: PurchaseRepository;
  settlement: PurchaseSettlement;
  lifecycle: MembershipLifecycle;
  gateway: SubscriptionGateway;
  catalogue: Catalogue;
  events: PaymentEventLog;
  payments: MembershipPayments;
  views: MembershipViews;
  transactions: TransactionRunner;
  ids: IdGenerator;
  clock: Clock;
  /** the card payments' provider, to read a renewal's payment */
  intents: Pick<PaymentGateway, 'retrieveIntent'>;
}
