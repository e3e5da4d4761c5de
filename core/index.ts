import { createApiTokenModule, type ApiTokenPorts } from './api-tokens/module.ts';
import { createApplicationModules, type ApplicationPorts } from './applications/module.ts';
import { type AuditChainPorts, createAuditChainModule } from './audit/module.ts';
import type { BanLifter } from './applications/ports.ts';
import { tierName } from './memberships/model/lifecycle.ts';
import type { Catalogue } from './catalogue/model/catalogue.ts';
import { createCatalogueModule } from './catalogue/module.ts';
import type { StoreRuleSettings } from './catalogue/use-cases/check-platform-rules.ts';
import { createCreatorModule, type CreatorPorts } from './creators/module.ts';
import { createDashboardModule, type DashboardPorts } from './dashboard/module.ts';
import { createGameModule, type GamePorts } from './game/module.ts';
import { playerAccessOf } from './game/model/player-access.ts';
import { createMembershipLifecycle, createMembershipModule, type MembershipPorts } from './memberships/module.ts';
import { createPlayerModule } from './players/module.ts';
import type { PlayerPorts } from './players/ports.ts';
import { createTokenModule, type TokenPorts } from './tokens/module.ts';
import { createUserModule, type UserPorts } from './users/module.ts';
import { hasPermission } from './users/model/permissions.ts';
import { createDeliveryModule, type DeliveryPorts } from './delivery/module.ts';
import { createGrantModule, type GrantPorts } from './grants/module.ts';
import { createMailModule, type MailPorts } from './mail/module.ts';
import { createPrivacyModule, type PrivacyPorts } from './privacy/module.ts';
import { createInterviewModule, type InterviewPorts } from './interviews/module.ts';
import { createQueueModule, type QueuePorts } from './queue/module.ts';
import { createWebhookModule, type WebhookPorts } from './webhooks/module.ts';
import type { WebhookEffects } from './webhooks/model/webhook-events-recorder.ts';
import type { MailEffects } from './mail/model/receipt-emails.ts';
import type { GrantEffects } from './grants/model/grant-effects.ts';
import type { DeliveryEffects } from './delivery/effects.ts';
import type { MembershipEffects } from './memberships/effects.ts';
import { createPurchaseModule, type PurchasePorts } from './purchases/module.ts';
import { createPromotionModule, type PromotionPorts } from './promotions/module.ts';
import { createSecurityModule, type SecurityPorts } from './security/module.ts';
import { tokenLedgerFromAccounts } from './purchases/model/token-ledger-bridge.ts';
import { giftRecipientsFrom } from './purchases/model/gift-recipients.ts';
import type { SignInIdentity } from './users/model/identity.ts';
import type { Clock, IdGenerator, TransactionRunner } from './shared/ports.ts';

/** Every port the use cases need; the composition root provides each one (nothing falls back to a default). */
export interface CorePorts {
  clock: Clock;
  ids: IdGenerator;
  catalogue: Catalogue;
  /** the rules the store sells under: listed on FiveM, and whether purchases credit tokens */
  store: StoreRuleSettings;
  transactions: TransactionRunner;
  applications: ApplicationPorts;
  /** accounts and their token balances */
  users: UserPorts & TokenPorts;
  /** the store's token grants are always the accounts module's credit and debit */
  purchases: Omit<PurchasePorts, 'ledger' | 'recipients' | 'accounts'>;
  /** Discord: the outbox, the bot and the role mapping */
  delivery: DeliveryPorts;
  /** what the game server runs for a purchase: the owner's plan and the queue it asks */
  grants: GrantPorts;
  /** receipts by email: the outbox, the sender (SMTP, or files) and the pages they link to */
  mail: MailPorts;
  /** the player page's reads and the account-action log */
  players: PlayerPorts;
  /** Priority Pass memberships and their recurring billing */
  memberships: MembershipPorts;
  /** the game server: its status, and what it asks of players */
  game: GamePorts;
  /** coupons and sales */
  promotions: PromotionPorts;
  /** creators and their codes; their sales are read from the purchases */
  creators: CreatorPorts;
  /** the admin dashboard's charts, summed by the store */
  dashboard: DashboardPorts;
  /** the hash chain over the logs of staff decisions, as the logs append it */
  auditChain: AuditChainPorts;
  /** the staff's second factor: passkeys, authenticator apps, recovery codes */
  security: SecurityPorts;
  /** interviews before a decision: the times offered and booked, the links their messages give, the kinds needing one */
  interviews: InterviewPorts;
  /** the tokens other tools read the site's API with */
  apiTokens: ApiTokenPorts;
  /** the game server's connection queue: its latest reports, the players let in, staff actions waiting to apply */
  queue: QueuePorts;
  /** outbound webhooks: the endpoints, their outbox, the signed sender and where endpoints may point */
  webhooks: WebhookPorts;
  /**
   * players' requests about their data and the erasure of an account across the database; absent where there is no
   * database (the core's in-memory tests), and then `privacy` is null
   */
  privacy?: PrivacyPorts;
}

/** Builds every use case from the ports the adapters provide. */
export function createCore(ports: CorePorts) {
  const { catalogue, clock, ids, transactions } = ports;
  const accounts = {
    users: createUserModule(ports.users, { clock, ids }),
    tokens: createTokenModule(ports.users, { clock, ids, transactions }),
  };
  const outbound = createWebhookModule(ports.webhooks, {
    discordIdOf: (userId) => ports.delivery.entitlements.discordIdOf(userId),
    clock,
    ids,
    transactions,
  });
  // a Discord role given (or given up on) tells the endpoints, in the transaction that settles it
  const discord = createDeliveryModule(ports.delivery, {
    clock,
    ids,
    grantOutcomes: {
      transactions,
      settled: (delivery, delivered, message) => outbound.happenings.roleGrantSettled(delivery, delivered, message),
    },
  });
  const { delivery } = discord;
  const inGame = createGrantModule(ports.grants, {
    holders: ports.delivery.entitlements,
    alerts: discord.alerts,
    clock,
    ids,
    transactions,
    outcomes: { settled: (grant) => outbound.happenings.gameGrantSettled(grant) },
  });
  const mail = createMailModule(ports.mail, {
    accounts: ports.users.users,
    purchases: ports.purchases.purchases,
    tierName: (tierId) => tierName(catalogue, tierId),
    clock,
    ids,
  });
  // Discord's rows, then the game server's grants, the buyer's emails and the endpoints' messages, in the same
  // transaction as their cause
  const effects = composeEffects(discord.effects, inGame.effects, mail.effects, outbound.effects);
  const membershipShared = {
    catalogue,
    clock,
    ids,
    transactions,
    purchases: ports.purchases.purchases,
    events: ports.purchases.events,
    effects,
  };
  const membershipLifecycle = createMembershipLifecycle(ports.memberships, membershipShared);
  const promotions = createPromotionModule(ports.promotions, { catalogue, clock, ids });
  const creators = createCreatorModule(ports.creators, { users: ports.users.users, clock, ids });
  const purchases = createPurchaseModule(
    {
      ...ports.purchases,
      ledger: tokenLedgerFromAccounts(accounts.tokens, accounts.users),
      recipients: giftRecipientsFrom(ports.users.users),
      accounts: ports.users.users,
    },
    {
      catalogue,
      clock,
      ids,
      transactions,
      effects,
      hooks: membershipLifecycle.lifecycle,
      memberships: membershipLifecycle.checkout,
      pricing: promotions.pricing,
      creators: { resolve: (code, buyerId) => creators.check.execute({ code, buyerId }) },
    },
  );
  const memberships = createMembershipModule(ports.memberships, {
    ...membershipShared,
    settlement: purchases.settlement,
    lifecycle: membershipLifecycle.lifecycle,
    intents: ports.purchases.gateway,
  });
  const game = createGameModule(ports.game, {
    users: ports.users.users,
    entitlements: ports.delivery.entitlements,
    catalogue,
    tokens: { ledger: ports.users.tokenLedger, transactions, ids, clock },
    clock,
  });
  const players = createPlayerModule(
    ports.players,
    {
      users: ports.users,
      applications: ports.applications,
      purchases: ports.purchases.purchases,
      accounts,
      // the one rule of who is whitelisted and in which queue, as the game server reads it
      access: (user) => playerAccessOf(user, { entitlements: ports.delivery.entitlements, catalogue }),
      membership: (userId) => memberships.showMine.execute(userId),
      membershipEvents: (userId, limit) => ports.memberships.memberships.eventsOf(userId, limit),
      tierName: (tierId) => tierName(catalogue, tierId),
      // a website ban lifted or replaced by hand closes the appeals filed against it
      appeals: {
        async banChanged(input) {
          await applications.appeals.close.execute({ ...input, ban: 'account' });
        },
      },
      // a ban and its lifting tell the endpoints, in the transaction of the account-action log's row
      bans: {
        banned: (ban) => outbound.happenings.playerBanned(ban),
        unbanned: (ban) => outbound.happenings.playerUnbanned(ban),
      },
    },
    { clock, ids, transactions },
  );
  const bans: BanLifter = {
    async current({ ban, userId }) {
      if (ban === 'store') {
        const storeBan = await ports.players.storeBans.find(userId);
        return storeBan ? { at: storeBan.createdAt, reason: storeBan.reason } : null;
      }
      const user = await ports.users.users.findById(userId);
      return user?.bannedAt ? { at: user.bannedAt, reason: user.banReason ?? '' } : null;
    },
    async lift({ ban, userId, reviewer, channel, applicationId }) {
      if (ban === 'store') {
        await ports.purchases.bans.lift(userId);
        return;
      }
      const user = await accounts.users.get.execute(userId);
      if (!user.bannedAt) return;
      await players.unban.execute(
        { userId, reason: `Ban appeal ${applicationId} approved` },
        { actor: reviewer, channel, approvedAppeal: applicationId },
      );
    },
  };
  const interviews = createInterviewModule(ports.interviews, {
    applications: {
      whitelist: ports.applications.whitelistApplications,
      staff: ports.applications.staffApplications,
      appeal: ports.applications.appeals,
    },
    users: ports.users.users,
    // their direct messages go through Discord's outbox, as every other message does
    messages: discord.messages,
    clock,
    ids,
    transactions,
  });
  // an approval waits for the interview its kind requires (decision 0107)
  const applications = createApplicationModules(
    {
      ...ports.applications,
      interviews: ports.applications.interviews ?? {
        blocksDecision: interviews.blocksDecision,
        decided: interviews.decided,
      },
    },
    {
      clock,
      ids,
      transactions,
      effects,
      bans,
      voters: {
        holding: async (permission) =>
          (await ports.users.users.withAccess()).filter((user) => hasPermission(user, permission)).length,
      },
    },
  );
  const privacy = ports.privacy
    ? createPrivacyModule(ports.privacy, {
        users: accounts.users.get,
        purchases: ports.purchases.purchases,
        ledger: ports.users.tokenLedger,
        interviews: interviews.showMine,
        queueAdmissions: ports.queue.admissions,
        applications: [
          ports.applications.whitelistApplications,
          ports.applications.staffApplications,
          ports.applications.appeals,
        ],
        memberships: {
          repository: ports.memberships.memberships,
          live: (userId) => ports.memberships.memberships.findLive(userId),
          // the admin's cancel, at once: the provider stops billing and the pass's role goes with it
          cancelNow: async (id) => {
            await memberships.cancelAsAdmin.execute(id, { now: true, reason: 'the player deleted their account.' });
          },
          tierName: (tierId) => tierName(catalogue, tierId),
          cancelsAtProvider: Boolean(ports.memberships.gateway.capabilities.cancellation),
        },
        grants: ports.grants.queue,
        discord: {
          outbox: ports.delivery.outbox,
          entitlements: ports.delivery.entitlements,
          roles: ports.delivery.roles,
          bot: ports.delivery.discord.capabilities.bot,
          wake: () => ports.delivery.onQueued?.(),
        },
        clock,
        ids,
        transactions,
      })
    : null;
  return {
    clock,
    catalogue: createCatalogueModule(catalogue, ports.store),
    ...applications,
    ...accounts,
    users: {
      ...accounts.users,
      signIn: {
        /** signs the player in, then hands them the paid gifts that waited for their account */
        async execute(identity: SignInIdentity) {
          const user = await accounts.users.signIn.execute(identity);
          await purchases.receiveGifts.execute(user);
          return user;
        },
      },
    },
    purchases,
    promotions,
    memberships,
    creators,
    dashboard: createDashboardModule(ports.dashboard, { catalogue, clock }),
    auditChain: createAuditChainModule(ports.auditChain),
    delivery,
    grants: inGame.grants,
    mail: mail.mail,
    privacy,
    interviews,
    apiTokens: createApiTokenModule(ports.apiTokens, { users: ports.users.users, clock, ids }),
    game,
    players,
    queue: createQueueModule(ports.queue, {
      users: ports.users.users,
      log: ports.players.actions,
      tiers: () => catalogue.list('whitelist').map((tier) => tier.id),
      tierName: (tierId) => tierName(catalogue, tierId),
      clock,
      ids,
      transactions,
    }),
    webhooks: outbound.webhooks,
    security: createSecurityModule(ports.security, {
      users: ports.users.users,
      log: ports.players.actions,
      clock,
      ids,
      transactions,
    }),
  };
}

export type Core = ReturnType<typeof createCore>;

type Effects = DeliveryEffects & MembershipEffects;

/**
 * Each change's Discord rows, then its grants in the game, then the buyer's emails, then the endpoints' messages:
 * each part writes what the change means for it, in the change's transaction.
 */
function composeEffects(
  discord: Effects,
  grants: GrantEffects,
  emails: MailEffects,
  webhooks: WebhookEffects,
): Effects {
  return {
    applicationSubmitted: (kind, application) => discord.applicationSubmitted(kind, application),
    async applicationReviewed(kind, application) {
      await discord.applicationReviewed(kind, application);
      await webhooks.applicationReviewed(kind, application);
    },
    purchaseUnderpaid: (purchase) => discord.purchaseUnderpaid(purchase),
    roleAfterReversal: (purchase, endingMembershipId) => discord.roleAfterReversal(purchase, endingMembershipId),
    giftPassBlocked: (gift, held) => discord.giftPassBlocked(gift, held),
    async purchaseCompleted(purchase) {
      await discord.purchaseCompleted(purchase);
      await grants.purchaseCompleted(purchase);
      await emails.purchaseCompleted(purchase);
      await webhooks.purchaseCompleted(purchase);
    },
    async giftDelivered(purchase) {
      await discord.giftDelivered(purchase);
      await grants.giftDelivered(purchase);
      await emails.giftDelivered(purchase);
    },
    async purchaseReversed(purchase, was, how) {
      await discord.purchaseReversed(purchase, was, how);
      await grants.purchaseReversed(purchase, was, how);
      await emails.purchaseReversed(purchase, was, how);
      await webhooks.purchaseReversed(purchase, was, how);
    },
    async renewalFailed(membership, message) {
      await discord.renewalFailed(membership, message);
      await emails.renewalFailed(membership, message);
    },
    async tierLeft(membership, tierId) {
      await discord.tierLeft(membership, tierId);
      await grants.tierLeft(membership, tierId);
    },
    async ended(membership, message, purchaseId) {
      await discord.ended(membership, message, purchaseId);
      await grants.ended(membership, message, purchaseId);
      await webhooks.ended(membership, message, purchaseId);
    },
  };
}
