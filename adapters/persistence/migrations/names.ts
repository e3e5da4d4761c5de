/**
 * The name of every migration, in order: the migrator records applied migrations by these names
 * (schema_migrations). Set apart from the migrations themselves so a start can tell its schema is current by
 * reading that table alone, without loading the migrator; `index.ts` pairs each name with its class.
 */
export const MIGRATION_NAMES = [
  'Migration20261122000001UsersAndSessions',
  'Migration20261122000002Accounts',
  'Migration20261122000003Applications',
  'Migration20261122000004Purchases',
  'Migration20261122000005Deliveries',
  'Migration20261122000006ListPerformance',
  'Migration20261123000007ApplicantMessages',
  'Migration20261123000008PurchaseBanReason',
  'Migration20261123000009PurchaseStatusChanges',
  'Migration20261123000010AccountActions',
  'Migration20261124000011Memberships',
  'Migration20261124000012PaymentGateways',
  'Migration20261124000013CacheInvalidations',
  'Migration20261124000014OpenCheckoutsIndex',
  'Migration20261126000015ListInvalidations',
  'Migration20261126000016RowsByPlayer',
  'Migration20261126000017StripeCustomers',
  'Migration20261127000018PaymentsProven',
  'Migration20261127000019MembershipsFollowProvider',
  'Migration20261127000020CountsWithoutAHotRow',
  'Migration20261127000023GameServerChecks',
  'Migration20261127000025MembershipMonthBuyers',
  'Migration20261127000026MembershipEvents',
  'Migration20261127000027PaidAmountsInCounts',
  'Migration20261127000028Promotions',
  'Migration20261127000029Creators',
  'Migration20261127000030Gifts',
  'Migration20261127000031UserPermissions',
  'Migration20261127000032BanAppeals',
  'Migration20261127000033DashboardCharts',
  'Migration20261127000034ProviderCodes',
  'Migration20261129000035AppealBans',
  'Migration20261129000036AuditChain',
  'Migration20261129000037SecondFactors',
  'Migration20261129000038PaymentAttempts',
  'Migration20261129000039PromotionInvalidations',
  'Migration20261130000040StoreBanInvalidations',
  'Migration20261130000041OpenCheckoutsByBuyer',
  'Migration20261130000042GameGrants',
  'Migration20261130000043ConsentAndAge',
  'Migration20261130000044Emails',
  'Migration20261201000045BoughtTokens',
  'Migration20261201000046PrivacyRequests',
  'Migration20261201000047VotesAndAnswerTemplates',
  'Migration20261201000048Interviews',
  'Migration20261201000049Webhooks',
  'Migration20261201000050ApiTokens',
  'Migration20261201000051Queue',
] as const;

export type MigrationName = (typeof MIGRATION_NAMES)[number];

/** the table the migrator records applied migrations in */
export const MIGRATIONS_TABLE = 'schema_migrations';
