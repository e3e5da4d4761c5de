import type { Constructor, MigrationObject } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
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
import { Migration20261127000018PaymentsProven } from './0018-payments-proven.ts';
import { Migration20261127000019MembershipsFollowProvider } from './0019-memberships-follow-provider.ts';
import { Migration20261127000020CountsWithoutAHotRow } from './0020-counts-without-a-hot-row.ts';
import { Migration20261127000023GameServerChecks } from './0023-game-server-checks.ts';
import { Migration20261127000025MembershipMonthBuyers } from './0025-membership-month-buyers.ts';
import { Migration20261127000026MembershipEvents } from './0026-membership-events.ts';
import { Migration20261127000027PaidAmountsInCounts } from './0027-paid-amounts-in-counts.ts';
import { Migration20261127000028Promotions } from './0028-promotions.ts';
import { Migration20261127000029Creators } from './0029-creators.ts';
import { Migration20261127000030Gifts } from './0030-gifts.ts';
import { Migration20261127000031UserPermissions } from './0031-user-permissions.ts';
import { Migration20261127000032BanAppeals } from './0032-ban-appeals.ts';
import { Migration20261127000033DashboardCharts } from './0033-dashboard-charts.ts';
import { Migration20261127000034ProviderCodes } from './0034-provider-codes.ts';
import { Migration20261129000035AppealBans } from './0035-appeal-bans.ts';
import { Migration20261129000036AuditChain } from './0036-audit-chain.ts';
import { Migration20261129000037SecondFactors } from './0037-second-factors.ts';
import { Migration20261129000038PaymentAttempts } from './0038-payment-attempts.ts';
import { Migration20261129000039PromotionInvalidations } from './0039-promotion-invalidations.ts';
import { Migration20261130000040StoreBanInvalidations } from './0040-store-ban-invalidations.ts';
import { Migration20261130000041OpenCheckoutsByBuyer } from './0041-open-checkouts-by-buyer.ts';
import { Migration20261130000042GameGrants } from './0042-game-grants.ts';
import { Migration20261130000043ConsentAndAge } from './0043-consent-and-age.ts';
import { Migration20261130000044Emails } from './0044-emails.ts';
import { Migration20261201000045BoughtTokens } from './0045-bought-tokens.ts';
import { Migration20261201000046PrivacyRequests } from './0046-privacy-requests.ts';
import { Migration20261201000047VotesAndAnswerTemplates } from './0047-votes-and-answer-templates.ts';
import { Migration20261201000048Interviews } from './0048-interviews.ts';
import { Migration20261201000049Webhooks } from './0049-webhooks.ts';
import { Migration20261201000050ApiTokens } from './0050-api-tokens.ts';
import { Migration20261201000051Queue } from './0051-queue.ts';
import { MIGRATION_NAMES, type MigrationName } from './names.ts';

/** Each migration's class by its name: every name of MIGRATION_NAMES has one, and nothing else is here. */
const classes: Record<MigrationName, Constructor<Migration>> = {
  Migration20261122000001UsersAndSessions,
  Migration20261122000002Accounts,
  Migration20261122000003Applications,
  Migration20261122000004Purchases,
  Migration20261122000005Deliveries,
  Migration20261122000006ListPerformance,
  Migration20261123000007ApplicantMessages,
  Migration20261123000008PurchaseBanReason,
  Migration20261123000009PurchaseStatusChanges,
  Migration20261123000010AccountActions,
  Migration20261124000011Memberships,
  Migration20261124000012PaymentGateways,
  Migration20261124000013CacheInvalidations,
  Migration20261124000014OpenCheckoutsIndex,
  Migration20261126000015ListInvalidations,
  Migration20261126000016RowsByPlayer,
  Migration20261126000017StripeCustomers,
  Migration20261127000018PaymentsProven,
  Migration20261127000019MembershipsFollowProvider,
  Migration20261127000020CountsWithoutAHotRow,
  Migration20261127000023GameServerChecks,
  Migration20261127000025MembershipMonthBuyers,
  Migration20261127000026MembershipEvents,
  Migration20261127000027PaidAmountsInCounts,
  Migration20261127000028Promotions,
  Migration20261127000029Creators,
  Migration20261127000030Gifts,
  Migration20261127000031UserPermissions,
  Migration20261127000032BanAppeals,
  Migration20261127000033DashboardCharts,
  Migration20261127000034ProviderCodes,
  Migration20261129000035AppealBans,
  Migration20261129000036AuditChain,
  Migration20261129000037SecondFactors,
  Migration20261129000038PaymentAttempts,
  Migration20261129000039PromotionInvalidations,
  Migration20261130000040StoreBanInvalidations,
  Migration20261130000041OpenCheckoutsByBuyer,
  Migration20261130000042GameGrants,
  Migration20261130000043ConsentAndAge,
  Migration20261130000044Emails,
  Migration20261201000045BoughtTokens,
  Migration20261201000046PrivacyRequests,
  Migration20261201000047VotesAndAnswerTemplates,
  Migration20261201000048Interviews,
  Migration20261201000049Webhooks,
  Migration20261201000050ApiTokens,
  Migration20261201000051Queue,
};

/**
 * Every migration in order (MIGRATION_NAMES). Add new ones at the end; never edit one that has shipped, nor its
 * name: the migrator records applied migrations by name (schema_migrations) and runs, in this order, those not
 * recorded. 0002 and 0003 were once listed the other way round; they touch different tables, so both orders give
 * one schema.
 */
export const migrationsList: MigrationObject[] = MIGRATION_NAMES.map((name) => ({ name, class: classes[name] }));
