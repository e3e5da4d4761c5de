import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000001UsersAndSessions } from './0001-users-and-sessions.ts';
import { Migration20261122000002Accounts } from './0002-accounts.ts';
import { Migration20261122000003Applications } from './0003-applications.ts';
import { Migration20261122000004Purchases } from './0004-purchases.ts';
import { Migration20261122000005Deliveries } from './0005-deliveries.ts';
import { Migration20261122000006ListPerformance } from './0006-list-performance.ts';
import { Migration20261123000007ApplicantMessages } from './0007-applicant-messages.ts';
import { Migration20261123000008PurchaseBanReason } from './0008-purchase-ban-reason.ts';
import { Migration20261123000009PurchaseStatusChanges } from './0009-purchase-status-changes.ts';
import { Migration20261123000010AccountActions } from './0010-account-actions.ts';
import { Migration20261124000011Memberships } from './0011-memberships.ts';
import { Migration20261124000012PaymentGateways } from './0012-payment-gateways.ts';
import { Migration20261124000013CacheInvalidations } from './0013-cache-invalidations.ts';
import { Migration20261124000014OpenCheckoutsIndex } from './0014-open-checkouts-index.ts';
import { Migration20261126000015ListInvalidations } from './0015-list-invalidations.ts';
import { Migration20261126000016RowsByPlayer } from './0016-rows-by-player.ts';
import { Migration20261126000017StripeCustomers } from './0017-stripe-customers.ts';

/**
 * Every migration in order. Add new ones at the end; never edit one that has shipped, nor its name: the
 * migrator records applied migrations by name (schema_migrations) and runs, in this order, those not recorded.
 * 0002 and 0003 were once listed the other way round; they touch different tables, so both orders give one schema.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000001UsersAndSessions', class: Migration20261122000001UsersAndSessions },
  { name: 'Migration20261122000002Accounts', class: Migration20261122000002Accounts },
  { name: 'Migration20261122000003Applications', class: Migration20261122000003Applications },
  { name: 'Migration20261122000004Purchases', class: Migration20261122000004Purchases },
  { name: 'Migration20261122000005Deliveries', class: Migration20261122000005Deliveries },
  { name: 'Migration20261122000006ListPerformance', class: Migration20261122000006ListPerformance },
  { name: 'Migration20261123000007ApplicantMessages', class: Migration20261123000007ApplicantMessages },
  { name: 'Migration20261123000008PurchaseBanReason', class: Migration20261123000008PurchaseBanReason },
  { name: 'Migration20261123000009PurchaseStatusChanges', class: Migration20261123000009PurchaseStatusChanges },
  { name: 'Migration20261123000010AccountActions', class: Migration20261123000010AccountActions },
  { name: 'Migration20261124000011Memberships', class: Migration20261124000011Memberships },
  { name: 'Migration20261124000012PaymentGateways', class: Migration20261124000012PaymentGateways },
  { name: 'Migration20261124000013CacheInvalidations', class: Migration20261124000013CacheInvalidations },
  { name: 'Migration20261124000014OpenCheckoutsIndex', class: Migration20261124000014OpenCheckoutsIndex },
  { name: 'Migration20261126000015ListInvalidations', class: Migration20261126000015ListInvalidations },
  { name: 'Migration20261126000016RowsByPlayer', class: Migration20261126000016RowsByPlayer },
  { name: 'Migration20261126000017StripeCustomers', class: Migration20261126000017StripeCustomers },
];
