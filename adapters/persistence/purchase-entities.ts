import { defineEntity, p } from '@mikro-orm/core';
import type { ProviderCodes, PurchaseDiscount } from '../../core/purchases/model/purchase.ts';

/** Row shapes of the store's tables (migration 0004); repositories map them onto core types. */
export const PurchaseRow = defineEntity({
  name: 'PurchaseRow',
  tableName: 'purchases',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    productType: p.string(),
    productId: p.string(),
    optionId: p.string().nullable(),
    productName: p.string(),
    priceCents: p.integer(),
    currency: p.string(),
    tokensGranted: p.integer(),
    tokensAwarded: p.integer(),
    buyerEmail: p.string().nullable(),
    buyerDiscord: p.string().nullable(),
    /** migration 0007 */
    banReason: p.text().nullable(),
    paymentIntentId: p.string().nullable(),
    status: p.string(),
    failureReason: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    /** migration 0011: a membership's month */
    billingReason: p.string().nullable(),
    subscriptionId: p.string().nullable(),
    membershipId: p.uuid().nullable(),
    periodStart: p.datetime().nullable(),
    periodEnd: p.datetime().nullable(),
    /** migration 0012 */
    gateway: p.string(),
    /** migration 0018 */
    paymentReference: p.string().nullable(),
    amountPaidCents: p.integer().nullable(),
    /** migration 0028 */
    discount: p.json<PurchaseDiscount>().nullable(),
    /** migration 0029 */
    creatorId: p.uuid().nullable(),
    creatorCode: p.string().nullable(),
    creatorProvider: p.string().nullable(),
    /** migration 0030: bought for another player */
    giftDiscordId: p.string().nullable(),
    giftUserId: p.uuid().nullable(),
    giftName: p.string().nullable(),
    giftMonths: p.integer().nullable(),
    giftDeliveredAt: p.datetime().nullable(),
    /** migration 0034: the codes the provider reported on the payment */
    providerCodes: p.json<ProviderCodes>().nullable(),
    /** migration 0038: the first payment attempt the provider reported */
    paymentAttemptedAt: p.datetime().nullable(),
    /** migration 0043: the withdrawal consent given before paying */
    consentVersion: p.string().nullable(),
    consentAt: p.datetime().nullable(),
    consentAddress: p.string().nullable(),
  },
});

/** migration 0029 */
export const CreatorRow = defineEntity({
  name: 'CreatorRow',
  tableName: 'creators',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    code: p.string(),
    sharePercent: p.integer(),
    createdAt: p.datetime(),
    disabledAt: p.datetime().nullable(),
  },
});

/** migration 0012: what `tebex sync` found for each catalogue item */
export const TebexPackageRow = defineEntity({
  name: 'TebexPackageRow',
  tableName: 'tebex_packages',
  properties: {
    itemKey: p.string().primary(),
    packageId: p.integer(),
    packageName: p.string(),
    priceCents: p.integer(),
    syncedAt: p.datetime(),
  },
});

export const MembershipRow = defineEntity({
  name: 'MembershipRow',
  tableName: 'memberships',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tierId: p.string(),
    status: p.string(),
    cancelAtPeriodEnd: p.boolean(),
    pendingTierId: p.string().nullable(),
    gateway: p.string(),
    subscriptionId: p.string(),
    paymentRef: p.string().nullable(),
    anchor: p.datetime(),
    currentPeriodStart: p.datetime(),
    currentPeriodEnd: p.datetime(),
    graceUntil: p.datetime().nullable(),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    endReason: p.text().nullable(),
    /** migration 0019 */
    providerEventAt: p.datetime().nullable(),
    providerCheckedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export const PaymentEventRow = defineEntity({
  name: 'PaymentEventRow',
  tableName: 'payment_events',
  properties: {
    id: p.string().primary(),
    type: p.string(),
    purchaseId: p.uuid().nullable(),
    receivedAt: p.datetime(),
    /** migration 0018: 'unmatched' for an event that named a purchase it did not pay */
    outcome: p.string().nullable(),
    detail: p.text().nullable(),
    namedPurchaseId: p.string().nullable(),
  },
});

export const DemoPaymentIntentRow = defineEntity({
  name: 'DemoPaymentIntentRow',
  tableName: 'demo_payment_intents',
  properties: {
    id: p.string().primary(),
    clientSecret: p.string(),
    idempotencyKey: p.string(),
    status: p.string(),
    amountCents: p.integer(),
    currency: p.string(),
    metadata: p.json<Record<string, string>>(),
    failureMessage: p.text().nullable(),
    refunded: p.boolean(),
    createdAt: p.datetime(),
  },
});

export const purchaseEntities = [
  PurchaseRow,
  MembershipRow,
  PaymentEventRow,
  DemoPaymentIntentRow,
  TebexPackageRow,
  CreatorRow,
];
