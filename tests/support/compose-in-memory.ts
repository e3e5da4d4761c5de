import { NO_GAME_SERVER } from '../../core/game/model/server-status.ts';
import { NO_OWNER_FIGURES } from '../../core/game/use-cases/show-server-figures.ts';
import { InMemoryServerCheckLog } from '../../adapters/memory/in-memory-server-check-log.ts';
import { randomUUID } from 'node:crypto';
import { Catalogue } from '../../core/catalogue/model/catalogue.ts';
import type { DiscordCapabilities } from '../../core/delivery/ports.ts';
import { RoleMapping, type RoleMappingSettings } from '../../core/delivery/model/role-mapping.ts';
import { appealKind } from '../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import { createCore, type CorePorts } from '../../core/index.ts';
import type { Clock } from '../../core/shared/ports.ts';
import { DemoPaymentGateway } from '../../adapters/payments/demo-payment-gateway.ts';
import { InMemoryApplicationRepository } from '../../adapters/memory/in-memory-application-repository.ts';
import { InMemoryStaffRoster } from '../../adapters/memory/in-memory-staff-roster.ts';
import { InMemoryWhitelistAccess } from '../../adapters/memory/in-memory-whitelist-access.ts';
import { InMemoryAccountActionLog } from '../../adapters/memory/in-memory-account-action-log.ts';
import { InMemoryAuditChain } from '../../adapters/memory/in-memory-audit-chain.ts';
import { InMemoryAuditLog } from '../../adapters/memory/in-memory-audit-log.ts';
import { InMemoryCreatorRepository } from '../../adapters/memory/in-memory-creator-repository.ts';
import { decisionsOf } from '../../core/dashboard/ports.ts';
import { InMemoryDashboardFigures } from '../../adapters/memory/in-memory-dashboard-figures.ts';
import { InMemoryGrantQueue } from '../../adapters/memory/in-memory-grant-queue.ts';
import type { GrantPlan } from '../../core/grants/model/grant-plan.ts';
import { InMemoryDeliveryOutbox } from '../../adapters/memory/in-memory-delivery-outbox.ts';
import { InMemoryDemoIntentStore } from '../../adapters/memory/in-memory-demo-intent-store.ts';
import { InMemoryEntitlements } from '../../adapters/memory/in-memory-entitlements.ts';
import { InMemoryPaymentEventLog } from '../../adapters/memory/in-memory-payment-event-log.ts';
import { InMemoryPurchaseRepository } from '../../adapters/memory/in-memory-purchase-repository.ts';
import { InMemoryPromotionRepository } from '../../adapters/memory/in-memory-promotion-repository.ts';
import { InMemoryStoreBans } from '../../adapters/memory/in-memory-store-bans.ts';
import { InMemoryMembershipRepository } from '../../adapters/memory/in-memory-membership-repository.ts';
import { DemoSubscriptionGateway } from '../../adapters/payments/demo-subscription-gateway.ts';
import { InMemoryTransactions, type SnapshotStore } from '../../adapters/memory/in-memory-transactions.ts';
import { InMemoryUserRepository } from '../../adapters/memory/in-memory-user-repository.ts';
import { InMemoryUserTokenLedger } from '../../adapters/memory/in-memory-user-token-ledger.ts';
import { InMemorySecondFactorRepository } from '../../adapters/memory/in-memory-second-factor-repository.ts';
import { DEFAULT_SECOND_FACTOR_PERMISSIONS } from '../../core/security/model/second-factor.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import { SimpleWebAuthnPasskeyCeremony } from '../../adapters/security/simple-webauthn-passkey-ceremony.ts';
import { OtpauthOneTimeCodes } from '../../adapters/security/otpauth-one-time-codes.ts';
import { AesGcmSecretBox } from '../../adapters/security/aes-gcm-secret-box.ts';
import { RecordingDiscordGateway } from '../../adapters/memory/recording-discord-gateway.ts';
import { InMemoryMailOutbox } from '../../adapters/memory/in-memory-mail-outbox.ts';
import { RecordingMailSender } from '../../adapters/memory/recording-mail-sender.ts';
import { InMemoryInterviewRepository } from '../../adapters/memory/in-memory-interviews.ts';
import { InMemoryQueueActions } from '../../adapters/memory/in-memory-queue-actions.ts';
import { InMemoryQueueAdmissions } from '../../adapters/memory/in-memory-queue-admissions.ts';
import { InMemoryQueueBoard } from '../../adapters/memory/in-memory-queue-board.ts';
import type { ApplicationKindName } from '../../core/applications/model/application.ts';
import { InMemoryVoteRepository } from '../../adapters/memory/in-memory-vote-repository.ts';
import { InMemoryAnswerTemplateRepository } from '../../adapters/memory/in-memory-answer-template-repository.ts';
import { InMemoryApiTokenRepository } from '../../adapters/memory/in-memory-api-token-repository.ts';
import { DEFAULT_QUORUM, type QuorumSettings } from '../../core/applications/model/votes.ts';
import type { InterviewGate } from '../../core/applications/ports.ts';
import { InMemoryWebhookEndpoints } from '../../adapters/memory/in-memory-webhook-endpoints.ts';
import { InMemoryWebhookOutbox } from '../../adapters/memory/in-memory-webhook-outbox.ts';
import { RecordingWebhookSender } from '../../adapters/memory/recording-webhook-sender.ts';
import { AddressPolicy } from '../../adapters/webhooks/webhook-targets.ts';

export interface InMemoryOptions {
  /** a clock the test moves; the system clock otherwise */
  clock?: Clock;
  catalogue?: Catalogue;
  adminDiscordIds?: readonly string[];
  /** what the recorded Discord can do (nothing: no bot and no staff channel) */
  discord?: DiscordCapabilities;
  roles?: RoleMappingSettings;
  /** the permissions whose holders need a second factor (the default list unless given) */
  secondFactorPermissions?: readonly Permission[];
  /** the game server's grants per product (none unless given) */
  grants?: GrantPlan;
  /** the kinds whose approval waits for an interview held (staff unless given) */
  interviewsRequiredFor?: readonly ApplicationKindName[];
  /** how each kind is decided by a team (the defaults unless given) */
  quorum?: QuorumSettings;
  /** what may hold an approval back (unless given: the interviews module's, for the kinds of interviewsRequiredFor) */
  interviews?: InterviewGate;
}

/**
 * The tests' composition root: the core on working in-memory adapters, the same use cases adapters/compose.ts wires
 * for the server, with the accounts module's ledger behind the store's token grants, transactions that roll back
 * every store, an outbox, and a Discord that records what it is sent.
 */
export function composeInMemory(options: InMemoryOptions = {}) {
  const clock = options.clock ?? { now: () => new Date() };
  const users = new InMemoryUserRepository();
  const tokenLedger = new InMemoryUserTokenLedger(users);
  const purchases = new InMemoryPurchaseRepository();
  const paymentEvents = new InMemoryPaymentEventLog();
  const bans = new InMemoryStoreBans();
  const intents = new InMemoryDemoIntentStore();
  const outbox = new InMemoryDeliveryOutbox();
  const whitelistApplications = new InMemoryApplicationRepository(whitelistKind);
  const staffApplications = new InMemoryApplicationRepository(staffKind);
  const appeals = new InMemoryApplicationRepository(appealKind);
  const whitelistAccess = new InMemoryWhitelistAccess();
  const staffRoster = new InMemoryStaffRoster();
  // one chain over both logs of staff decisions, as on the database
  const auditChain = new InMemoryAuditChain();
  const auditLog = new InMemoryAuditLog(auditChain);
  const accountActions = new InMemoryAccountActionLog(auditChain);
  const memberships = new InMemoryMembershipRepository();
  const promotions = new InMemoryPromotionRepository(purchases);
  const creators = new InMemoryCreatorRepository(() => purchases.list({}));
  const secondFactors = new InMemorySecondFactorRepository();
  const grants = new InMemoryGrantQueue();
  const emails = new InMemoryMailOutbox();
  const interviews = new InMemoryInterviewRepository();
  const votes = new InMemoryVoteRepository();
  const answerTemplates = new InMemoryAnswerTemplateRepository();
  const apiTokens = new InMemoryApiTokenRepository();
  const webhookEndpoints = new InMemoryWebhookEndpoints();
  const webhookMessages = new InMemoryWebhookOutbox();
  const stores = {
    users,
    tokenLedger,
    purchases,
    paymentEvents,
    bans,
    intents,
    outbox,
    whitelistApplications,
    staffApplications,
    appeals,
    whitelistAccess,
    staffRoster,
    auditLog,
    accountActions,
    memberships,
    promotions,
    creators,
    secondFactors,
    grants,
    emails,
    interviews,
    votes,
    answerTemplates,
    apiTokens,
    webhookEndpoints,
    webhookMessages,
  };
  // every store that holds data rolls back with a failed transaction (the staff roster is fixed)
  const transactions = new InMemoryTransactions(
    Object.values(stores).filter((store): store is typeof store & SnapshotStore => 'snapshot' in store),
  );
  const gateway = new DemoPaymentGateway(intents, clock);
  const discord = new RecordingDiscordGateway(options.discord);
  const mailServer = new RecordingMailSender();
  const webhookSender = new RecordingWebhookSender();
  const ports: CorePorts = {
    clock,
    ids: { next: randomUUID },
    catalogue: options.catalogue ?? new Catalogue(),
    store: { fivemListed: false, fivemListedSet: false, purchaseTokens: true },
    transactions,
    applications: {
      whitelistApplications,
      whitelistAccess,
      staffApplications,
      staffRoster,
      appeals,
      auditLog,
      votes,
      quorum: options.quorum ?? DEFAULT_QUORUM,
      answerTemplates,
      ...(options.interviews ? { interviews: options.interviews } : {}),
    },
    users: { users, tokenLedger, adminDiscordIds: options.adminDiscordIds ?? [] },
    purchases: { purchases, events: paymentEvents, gateway, bans },
    delivery: {
      outbox,
      discord,
      entitlements: new InMemoryEntitlements(
        users,
        purchases,
        (userId) => whitelistApplications.hasStatus(userId, 'approved'),
        memberships,
      ),
      roles: new RoleMapping(options.roles),
    },
    grants: { queue: grants, ...(options.grants ? { plan: options.grants } : {}) },
    mail: {
      outbox: emails,
      sender: mailServer,
      links: {
        receipt: (id) => `http://localhost:3000/account/receipts/${id}`,
        account: 'http://localhost:3000/account',
      },
    },
    players: { actions: accountActions, deliveries: outbox, storeBans: bans, reviews: auditLog },
    memberships: { memberships, gateway: new DemoSubscriptionGateway(gateway, intents, clock) },
    game: { status: NO_GAME_SERVER, checks: new InMemoryServerCheckLog(), ownerFigures: NO_OWNER_FIGURES },
    queue: {
      board: new InMemoryQueueBoard(),
      admissions: new InMemoryQueueAdmissions(),
      actions: new InMemoryQueueActions(),
    },
    promotions: { promotions },
    creators: { creators },
    security: {
      factors: secondFactors,
      passkeys: new SimpleWebAuthnPasskeyCeremony('http://localhost:3000', 'Bayou Roleplay'),
      codes: new OtpauthOneTimeCodes('Bayou Roleplay'),
      secrets: new AesGcmSecretBox('in-memory-second-factor-secret-for-tests-only'),
      required: options.secondFactorPermissions ?? DEFAULT_SECOND_FACTOR_PERMISSIONS,
    },
    auditChain: { chain: auditChain },
    apiTokens: { tokens: apiTokens },
    interviews: {
      interviews,
      links: {
        account: 'http://localhost:3000/account',
        calendar: (id) => `http://localhost:3000/api/interviews/${id}/calendar.ics`,
      },
      settings: { requiredFor: options.interviewsRequiredFor ?? ['staff'] },
    },
    webhooks: {
      endpoints: webhookEndpoints,
      outbox: webhookMessages,
      sender: webhookSender,
      targets: new AddressPolicy('any'),
      secrets: new AesGcmSecretBox('in-memory-webhook-secret-for-tests-only'),
      settings: { retryBaseMs: 1_000 },
    },
    dashboard: {
      figures: new InMemoryDashboardFigures({
        purchases: () => purchases.list({}),
        memberships: async () => {
          const all = await memberships.list({ limit: Number.MAX_SAFE_INTEGER });
          return Promise.all(
            all.map(async (membership) => ({
              membership,
              events: (await memberships.eventsOf(membership.userId, Number.MAX_SAFE_INTEGER)).filter(
                (event) => event.membershipId === membership.id,
              ),
            })),
          );
        },
        applications: async () => {
          const all = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };
          return [
            { decisions: decisionsOf(whitelistKind), rows: (await whitelistApplications.list(all)).items },
            { decisions: decisionsOf(staffKind), rows: (await staffApplications.list(all)).items },
          ];
        },
        reviews: async () => {
          const all = { page: 1, pageSize: Number.MAX_SAFE_INTEGER };
          return {
            applications: await Promise.all(
              [whitelistApplications, staffApplications, appeals].map(async (repository) => ({
                kind: repository.kind.name,
                refusal: repository.kind.reapply.after,
                rows: (await repository.list(all)).items,
              })),
            ),
            votes: await votes.all(),
          };
        },
      }),
    },
  };
  return {
    core: createCore(ports),
    /** the same stores for another core (say, one selling from another catalogue) */
    ports,
    transactions,
    gateway,
    discord,
    mailServer,
    webhookSender,
    stores,
  };
}

export type InMemorySystem = ReturnType<typeof composeInMemory>;
