import { createApplicationModules, type ApplicationPorts } from './applications/module.ts';
import { type AuditChainPorts, createAuditChainModule } from './audit/module.ts';
import type { BanLifter } from './applications/ports.ts';
import { tierName } from './memberships/model/lifecycle.ts';
import type { Catalogue } from './catalogue/model/catalogue.ts';
import { createCatalogueModule } from './catalogue/module.ts';
import { createCreatorModule, type CreatorPorts } from './creators/module.ts';
import { createDashboardModule, type DashboardPorts } from './dashboard/module.ts';
import { createGameModule, type GamePorts } from './game/module.ts';
import { playerAccessOf } from './game/model/player-access.ts';
import { createMembershipLifecycle, createMembershipModule, type MembershipPorts } from './memberships/module.ts';
import { createPlayerModule } from './players/module.ts';
import type { PlayerPorts } from './players/ports.ts';
import { createTokenModule, type TokenPorts } from './tokens/module.ts';
import { createUserModule, type UserPorts } from './users/module.ts';
import { createDeliveryModule, type DeliveryPorts } from './delivery/module.ts';
import { createGrantModule, type GrantPorts } from './grants/module.ts';
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
}

/** Builds every use case from the ports the adapters provide. */
export function createCore(ports: CorePorts) {
  const { catalogue, clock, ids, transactions } = ports;
  const accounts = {
    users: createUserModule(ports.users, { clock, ids }),
    tokens: createTokenModule(ports.users, { clock, ids, transactions }),
  };
  const discord = createDeliveryModule(ports.delivery, { clock, ids });
  const { delivery } = discord;
  const inGame = createGrantModule(ports.grants, {
    holders: ports.delivery.entitlements,
    alerts: discord.alerts,
    clock,
    ids,
    transactions,
  });
  // Discord's rows, then the game server's grants, written in the same transaction as their cause
  const effects = withGrants(discord.effects, inGame.effects);
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
  const applications = createApplicationModules(ports.applications, { clock, ids, transactions, effects, bans });
  return {
    clock,
    catalogue: createCatalogueModule(catalogue),
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
    game,
    players,
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

/** Each change's Discord rows, then its grants in the game. */
function withGrants(
  discord: DeliveryEffects & MembershipEffects,
  grants: GrantEffects,
): DeliveryEffects & MembershipEffects {
  return {
    applicationSubmitted: (kind, application) => discord.applicationSubmitted(kind, application),
    applicationReviewed: (kind, application) => discord.applicationReviewed(kind, application),
    purchaseUnderpaid: (purchase) => discord.purchaseUnderpaid(purchase),
    roleAfterReversal: (purchase, endingMembershipId) => discord.roleAfterReversal(purchase, endingMembershipId),
    renewalFailed: (membership, message) => discord.renewalFailed(membership, message),
    giftPassBlocked: (gift, held) => discord.giftPassBlocked(gift, held),
    async purchaseCompleted(purchase) {
      await discord.purchaseCompleted(purchase);
      await grants.purchaseCompleted(purchase);
    },
    async giftDelivered(purchase) {
      await discord.giftDelivered(purchase);
      await grants.giftDelivered(purchase);
    },
    async purchaseReversed(purchase, was, how) {
      await discord.purchaseReversed(purchase, was, how);
      await grants.purchaseReversed(purchase, was, how);
    },
    async tierLeft(membership, tierId) {
      await discord.tierLeft(membership, tierId);
      await grants.tierLeft(membership, tierId);
    },
    async ended(membership, message, purchaseId) {
      await discord.ended(membership, message, purchaseId);
      await grants.ended(membership, message, purchaseId);
    },
  };
}
