import type { Application, ApplicationKind } from '../../../core/applications/model/application.ts';
import { presentMyInterviews } from './interviews.ts';
import type { GrantWithTimeline } from '../../../core/grants/model/grant.ts';
import type { MembershipEvent } from '../../../core/memberships/model/membership-events.ts';
import type { Membership } from '../../../core/memberships/model/membership.ts';
import type { ErasureHold } from '../../../core/privacy/model/erasure-holds.ts';
import type { PersonalData } from '../../../core/privacy/model/personal-data.ts';
import type { PrivacyRequest } from '../../../core/privacy/model/privacy-request.ts';
import type { ErasureOutcome } from '../../../core/privacy/use-cases/erase-account.ts';
import type { MyPrivacy } from '../../../core/privacy/use-cases/show-my-privacy.ts';
import type { Purchase } from '../../../core/purchases/model/purchase.ts';
import { withdrawalConsentText } from '../../../core/purchases/model/withdrawal-consent.ts';
import { centsToDollars } from '../../../core/shared/money.ts';
import { AGE_ANSWER_LABELS } from '../../../core/users/model/age.ts';
import type { User } from '../../../core/users/model/user.ts';
import type {
  ErasureHoldDto,
  ErasureResponseDto,
  MyPrivacyDto,
  PersonalDataExportDto,
  PrivacyRequestDto,
} from '../contract/privacy.ts';
import { personalDataFileName } from '../contract/privacy.ts';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

export function presentPrivacyRequest(request: PrivacyRequest): PrivacyRequestDto {
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    channel: request.channel,
    createdAt: request.createdAt.toISOString(),
    dueAt: request.dueAt.toISOString(),
    completedAt: iso(request.completedAt),
    heldBy: request.heldBy,
  };
}

const presentHold = (hold: ErasureHold): ErasureHoldDto => ({ ...hold, until: iso(hold.until) });

export function presentMyPrivacy(mine: MyPrivacy): MyPrivacyDto {
  const pending = mine.requests.find((request) => request.kind === 'erasure' && request.status !== 'completed');
  const { membership } = mine.erasure;
  return {
    requests: mine.requests.map(presentPrivacyRequest),
    erasure: {
      membership: membership ? { tierName: membership.tierName, status: membership.status } : null,
      holds: mine.erasure.holds.map(presentHold),
      refused: mine.erasure.refused,
      pending: pending ? presentPrivacyRequest(pending) : null,
    },
  };
}

export function presentErasure(outcome: ErasureOutcome): ErasureResponseDto {
  return {
    erased: outcome.erased,
    request: presentPrivacyRequest(outcome.request),
    holds: outcome.holds.map(presentHold),
    membershipEnded: outcome.membershipEnded,
    signedOut: outcome.erased,
  };
}

export const exportFileName = (data: PersonalData) => personalDataFileName(data.user.id, data.exportedAt.toISOString());

/** Everything held about the player, section by section: the download and the terminal's `users export`. */
export function presentPersonalData(data: PersonalData): PersonalDataExportDto {
  const { user } = data;
  return {
    format: 'bayou-roleplay-personal-data',
    version: 1,
    exportedAt: data.exportedAt.toISOString(),
    account: presentAccount(user),
    ageDeclaration: user.ageDeclaration
      ? {
          answer: user.ageDeclaration.answer,
          words: AGE_ANSWER_LABELS[user.ageDeclaration.answer],
          declaredAt: user.ageDeclaration.at.toISOString(),
        }
      : null,
    consents: data.purchases.flatMap((purchase) =>
      purchase.withdrawalConsent && purchase.userId === user.id
        ? [
            {
              purchaseId: purchase.id,
              version: purchase.withdrawalConsent.version,
              words: withdrawalConsentText(purchase.withdrawalConsent.version),
              givenAt: purchase.withdrawalConsent.givenAt.toISOString(),
              address: purchase.withdrawalConsent.address,
            },
          ]
        : [],
    ),
    purchases: data.purchases.map((purchase) => presentPurchase(purchase, user.id)),
    // each entry as the ledger gives it, every field it has, times as ISO 8601
    tokenLedger: data.ledger.map((entry) => withIsoTimes({ ...entry })),
    applications: data.applications.flatMap(({ kind, items }) => items.map((item) => presentApplication(kind, item))),
    memberships: data.memberships.map((membership) => presentMembershipRecord(membership, data.membershipEvents)),
    // as the player's account page shows them: staff's own notes on an outcome stay out
    interviews: presentMyInterviews(data.interviews).applications,
    grants: data.grants.map(presentGrantRecord),
    queueAdmissions: data.queueAdmissions.map((admission) => ({
      server: admission.server,
      tier: admission.tier,
      waitedSeconds: admission.waitedSeconds,
      admittedAt: admission.at.toISOString(),
    })),
    privacyRequests: data.requests.map(presentPrivacyRequest),
  };
}

function presentAccount(user: User): Record<string, unknown> {
  return {
    id: user.id,
    discordId: user.discordId,
    discordUsername: user.discordUsername,
    username: user.username,
    email: user.email,
    discordAvatar: user.discordAvatar,
    discordDiscriminator: user.discordDiscriminator,
    role: user.role,
    tokens: user.tokens,
    boughtTokens: user.boughtTokens,
    whitelisted: user.isWhitelisted,
    whitelistTier: user.whitelistTier,
    gangTier: user.gangTier,
    bannedAt: iso(user.bannedAt),
    banReason: user.banReason,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

function presentPurchase(purchase: Purchase, userId: string): Record<string, unknown> {
  const { gift } = purchase;
  return {
    id: purchase.id,
    productType: purchase.productType,
    productId: purchase.productId,
    optionId: purchase.optionId,
    productName: purchase.productName,
    price: centsToDollars(purchase.priceCents),
    amountPaid: purchase.amountPaidCents == null ? null : centsToDollars(purchase.amountPaidCents),
    currency: purchase.currency,
    status: purchase.status,
    tokensGranted: purchase.tokensGranted,
    tokensAwarded: purchase.tokensAwarded,
    buyerEmail: purchase.buyerEmail,
    buyerDiscord: purchase.buyerDiscord,
    unbanDetails: purchase.banReason,
    gateway: purchase.gateway ?? 'demo',
    paymentIntentId: purchase.paymentIntentId,
    paymentReference: purchase.paymentReference ?? null,
    failureReason: purchase.failureReason,
    discount: purchase.discount ?? null,
    creatorCode: purchase.creator?.code ?? null,
    billing: purchase.billing
      ? {
          reason: purchase.billing.reason,
          membershipId: purchase.billing.membershipId,
          periodStart: iso(purchase.billing.periodStart),
          periodEnd: iso(purchase.billing.periodEnd),
        }
      : null,
    gift: gift
      ? {
          direction: purchase.userId === userId ? 'to' : 'from',
          name: purchase.userId === userId ? gift.name : null,
          months: gift.months,
          deliveredAt: iso(gift.deliveredAt),
        }
      : null,
    withdrawalConsent: purchase.withdrawalConsent
      ? {
          version: purchase.withdrawalConsent.version,
          givenAt: purchase.withdrawalConsent.givenAt.toISOString(),
          address: purchase.withdrawalConsent.address,
        }
      : null,
    createdAt: purchase.createdAt.toISOString(),
    paymentAttemptedAt: iso(purchase.paymentAttemptedAt),
    completedAt: iso(purchase.completedAt),
  };
}

/** the applicant's answers and the decision as they were told it (staff's own notes and names stay with staff) */
function presentApplication(kind: ApplicationKind, application: Application<object>): Record<string, unknown> {
  const fields = application as unknown as Record<string, unknown>;
  const answers = Object.fromEntries(Object.keys(kind.answers.shape).map((answer) => [answer, fields[answer] ?? null]));
  return {
    kind: kind.name,
    id: application.id,
    discordId: application.discordId,
    discordUsername: application.discordUsername,
    status: application.status,
    submittedAt: application.createdAt.toISOString(),
    answers,
    decision: application.reviewedAt
      ? {
          status: application.status,
          decidedAt: application.reviewedAt.toISOString(),
          message: application.applicantMessage,
        }
      : null,
    ...(application.appealedBanAt !== undefined
      ? {
          appealedBan: application.appealedBanAt
            ? { at: iso(application.appealedBanAt), reason: application.appealedBanReason ?? null }
            : null,
        }
      : {}),
  };
}

function presentMembershipRecord(membership: Membership, events: readonly MembershipEvent[]): Record<string, unknown> {
  return {
    id: membership.id,
    tierId: membership.tierId,
    status: membership.status,
    gateway: membership.gateway,
    subscriptionId: membership.subscriptionId,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    currentPeriodStart: membership.currentPeriodStart.toISOString(),
    currentPeriodEnd: membership.currentPeriodEnd.toISOString(),
    startedAt: membership.startedAt.toISOString(),
    endedAt: iso(membership.endedAt),
    endReason: membership.endReason,
    events: events
      .filter((event) => event.membershipId === membership.id)
      .map((event) => ({ kind: event.kind, tierId: event.tierId, detail: event.detail, at: event.at.toISOString() })),
  };
}

function presentGrantRecord(grant: GrantWithTimeline): Record<string, unknown> {
  return {
    id: grant.id,
    purchaseId: grant.purchaseId,
    membershipId: grant.membershipId,
    discordId: grant.discordId,
    productId: grant.productId,
    optionId: grant.optionId,
    action: grant.action,
    runs: grant.kind === 'command' ? grant.command : `event ${grant.event ?? ''}`,
    status: grant.status,
    createdAt: grant.createdAt.toISOString(),
    ranAt: iso(grant.ranAt),
    result: grant.result,
    timeline: grant.timeline.map((line) => ({ kind: line.kind, at: line.at.toISOString(), message: line.message })),
  };
}

/** the object with each Date value written as ISO 8601, every other value as it is */
function withIsoTimes(fields: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, value instanceof Date ? value.toISOString() : value]),
  );
}
