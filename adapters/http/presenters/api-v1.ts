import type { ApplicationRecord, ApplicationKindName } from '../../../core/applications/model/application.ts';
import type { PlayerAccessView } from '../../../core/game/model/player-access.ts';
import type { MembershipView } from '../../../core/memberships/model/membership-views.ts';
import type { Purchase } from '../../../core/purchases/model/purchase.ts';
import { displayName, type User } from '../../../core/users/model/user.ts';
import type { ApiApplicationDto, ApiMembershipDto, ApiPlayerDto, ApiPurchaseDto } from '../contract/api-v1.ts';
import { presentMembership } from './memberships.ts';
import { presentPurchase } from './purchases.ts';

/**
 * The read API's answers: the staff presenters' fields, picked one by one. A field the staff screens gain stays off
 * the API until it is named here and in the schema (no emails, addresses, payment references or notes).
 */
export function presentApiPurchase(purchase: Purchase, now: Date): ApiPurchaseDto {
  const full = presentPurchase(purchase, [], now);
  return {
    id: full.id,
    userId: full.userId,
    productType: full.productType,
    productId: full.productId,
    optionId: full.optionId,
    productName: full.productName,
    price: full.price,
    amountPaid: full.amountPaid,
    listPrice: full.listPrice,
    discount: full.discount,
    saleName: full.saleName,
    gateway: full.gateway,
    status: full.status,
    tokensGranted: full.tokensGranted,
    gift: full.gift !== null,
    createdAt: full.createdAt,
    completedAt: full.completedAt,
  };
}

/** The account and what the game server reads of it (CheckPlayerAccess): the one rule of who is let in. */
export function presentApiPlayer(user: User, access: PlayerAccessView): ApiPlayerDto {
  return {
    id: user.id,
    discordId: user.discordId,
    name: displayName(user),
    role: user.role,
    joinedAt: user.createdAt.toISOString(),
    whitelisted: access.whitelisted,
    banned: access.banned,
    priority: access.priority,
    tier: access.tier,
    tokens: access.tokens,
    boughtTokens: access.boughtTokens,
    earnedTokens: access.earnedTokens,
  };
}

/** An application's state only: never its answers or the staff's notes. */
export function presentApiApplication(kind: ApplicationKindName, application: ApplicationRecord): ApiApplicationDto {
  return {
    id: application.id,
    kind,
    userId: application.userId,
    discordId: application.discordId,
    status: application.status,
    createdAt: application.createdAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
  };
}

export function presentApiMembership(view: MembershipView): ApiMembershipDto {
  const full = presentMembership(view);
  return {
    id: full.id,
    userId: view.membership.userId,
    tierId: full.tierId,
    tierName: full.tierName,
    status: full.status,
    cancelAtPeriodEnd: full.cancelAtPeriodEnd,
    gifted: full.gifted,
    startedAt: full.startedAt,
    currentPeriodEnd: full.currentPeriodEnd,
    benefitsUntil: full.benefitsUntil,
    endedAt: full.endedAt,
  };
}
