import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../adapters/payments/demo-payment-gateway.ts';
import { appealKind } from '../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../core/applications/model/kinds/whitelist.ts';
import { createCore } from '../../core/index.ts';
import { freeTextAnswers, isErasedDiscordId } from '../../core/privacy/model/erasure.ts';
import { DISPUTE_HOLD_DAYS, erasureHolds } from '../../core/privacy/model/erasure-holds.ts';
import type { PrivacyRequest, PrivacyRequestStatus } from '../../core/privacy/model/privacy-request.ts';
import type { AccountEraser, ErasurePlan, PrivacyRequestRepository } from '../../core/privacy/ports.ts';
import type { Membership } from '../../core/memberships/model/membership.ts';
import type { Purchase } from '../../core/purchases/model/purchase.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { composeInMemory } from '../support/compose-in-memory.ts';
import { storedMembership } from '../support/membership-builders.ts';
import { pendingPurchase } from '../support/purchase-builders.ts';
import { addBuyer } from './purchases-fixture.ts';

const DAY = 86_400_000;
const HOOD_ROLE = '500000000000000080';
const PASS_ROLE = '500000000000000060';

/** the requests in memory, as the table holds them */
class MemoryRequests implements PrivacyRequestRepository {
  readonly rows = new Map<string, PrivacyRequest>();
  async add(request: PrivacyRequest) {
    if (request.kind === 'erasure' && (await this.openErasureOf(request.userId))) return;
    this.rows.set(request.id, { ...request });
  }
  async openErasureOf(userId: string) {
    return (
      [...this.rows.values()].find((r) => r.userId === userId && r.kind === 'erasure' && r.status !== 'completed') ??
      null
    );
  }
  async update(id: string, changes: Partial<PrivacyRequest>) {
    const row = this.rows.get(id);
    if (!row) return null;
    Object.assign(row, changes);
    return { ...row };
  }
  async list(query: { open: boolean }) {
    return [...this.rows.values()].filter((row) => !query.open || row.status !== 'completed');
  }
  async ofUser(userId: string) {
    return [...this.rows.values()].filter((row) => row.userId === userId).reverse();
  }
  async withStatus(status: PrivacyRequestStatus) {
    return [...this.rows.values()].filter((row) => row.status === status);
  }
}

/** an eraser that records what it was asked and what the store held then; `released` answers releaseDiscordId */
class RecordingEraser implements AccountEraser {
  readonly plans: Array<{ plan: ErasurePlan; livePass: boolean }> = [];
  released = false;
  constructor(private readonly livePass: (userId: string) => Promise<boolean>) {}
  async erase(plan: ErasurePlan) {
    this.plans.push({ plan, livePass: await this.livePass(plan.userId) });
    return { users: 1 };
  }
  async releaseDiscordId() {
    return this.released;
  }
}

const purchase = (fields: Partial<Purchase>): Purchase =>
  pendingPurchase({
    userId: 'buyer',
    productType: 'gang',
    productId: 'starter-gang',
    productName: 'Starter Gang',
    priceCents: 5000,
    tokensGranted: 50,
    createdAt: new Date('2026-11-01T12:00:00Z'),
    ...fields,
  });

describe('what holds an erasure', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  it('a payment being made or held for staff, and a dispute for 120 days; never a gift received nor an old open checkout', () => {
    const holds = erasureHolds(
      'buyer',
      [
        purchase({ id: 'fresh', status: 'pending', createdAt: at(5 * 60_000) }),
        purchase({ id: 'attempted', status: 'pending', createdAt: at(DAY), paymentAttemptedAt: at(DAY) }),
        purchase({ id: 'lapsed', status: 'pending', createdAt: at(DAY) }),
        purchase({ id: 'underpaid', status: 'underpaid' }),
        purchase({ id: 'disputed', status: 'disputed', updatedAt: at(10 * DAY) }),
        purchase({ id: 'old-dispute', status: 'disputed', updatedAt: at((DISPUTE_HOLD_DAYS + 1) * DAY) }),
        purchase({ id: 'completed', status: 'completed' }),
        purchase({ id: 'gift-received', userId: 'friend', status: 'pending', createdAt: at(60_000) }),
      ],
      now,
    );
    expect(holds.map((hold) => `${hold.purchaseId} ${hold.code}`)).toEqual([
      'fresh PAYMENT_IN_PROGRESS',
      'attempted PAYMENT_IN_PROGRESS',
      'underpaid PAYMENT_IN_PROGRESS',
      'disputed DISPUTE_OPEN',
    ]);
    expect(holds.find((hold) => hold.code === 'DISPUTE_OPEN')?.until).toEqual(
      new Date(at(10 * DAY).getTime() + DISPUTE_HOLD_DAYS * DAY),
    );
  });
});

describe('a pass billed where the site cannot cancel it', () => {
  const now = new Date('2026-11-30T12:00:00Z');
  const pass = (fields: Partial<Membership>) => storedMembership('buyer', new Date('2026-11-20T12:00:00Z'), fields);

  it('holds while it renews at Tebex, and not once the player cancelled it there, nor where the site cancels it', () => {
    const codes = (membership: Membership, cancelsAtProvider: boolean) =>
      erasureHolds('buyer', [], now, { membership, cancelsAtProvider }).map((hold) => hold.code);
    expect(codes(pass({ gateway: 'tebex' }), false)).toEqual(['SUBSCRIPTION_AT_PROVIDER']);
    expect(
      erasureHolds('buyer', [], now, { membership: pass({ gateway: 'tebex' }), cancelsAtProvider: false })[0]?.message,
    ).toBe('Your Priority Pass is billed by Tebex: cancel it there first, and nothing more is charged.');
    expect(codes(pass({ gateway: 'tebex', cancelAtPeriodEnd: true }), false)).toEqual([]);
    expect(codes(pass({ gateway: 'stripe' }), true)).toEqual([]);
    expect(codes(pass({ gateway: 'tebex', status: 'ended' }), false)).toEqual([]);
  });
});

describe("the answers erased whole: each kind's own words, read from its answers", () => {
  it('text and email answers, never a choice, a number or a tick', () => {
    expect(freeTextAnswers(whitelistKind).sort()).toEqual(
      [
        'email',
        'rpExperience',
        'previousCommunities',
        'characterBackground',
        'characterGoals',
        'roleplayScenario',
        'whyJoinServer',
      ].sort(),
    );
    expect(freeTextAnswers(staffKind)).toEqual(
      expect.arrayContaining(['email', 'realName', 'availability', 'experience', 'references', 'additionalInfo']),
    );
    expect(freeTextAnswers(staffKind)).not.toEqual(expect.arrayContaining(['age']));
    expect(freeTextAnswers(staffKind)).not.toContain('position');
    expect(freeTextAnswers(appealKind).sort()).toEqual(
      ['banReference', 'characterNames', 'bannedAround', 'explanation', 'whyUnfair'].sort(),
    );
  });
});

describe('EraseAccount on the in-memory adapters', () => {
  function system() {
    const memory = composeInMemory({
      discord: { bot: true, staffChannel: false },
      roles: { products: { 'hood-package': HOOD_ROLE, 'bayou-basic': PASS_ROLE }, whitelistRoleId: null },
    });
    const requests = new MemoryRequests();
    const eraser = new RecordingEraser(async (userId) => (await memory.stores.memberships.findLive(userId)) !== null);
    const core = createCore({ ...memory.ports, privacy: { requests, eraser } });
    const buyer = addBuyer(memory.stores.users, new Date());
    const open = (productType: string, productId: string) =>
      core.purchases.startCheckout.execute({ ...AGREED, buyer, productType, productId });
    const buy = async (productType: string, productId: string) => {
      const started = await open(productType, productId);
      const intent = await memory.gateway.confirm(started.clientSecret, { number: DEMO_CARDS.success });
      return core.purchases.complete.execute({ buyerId: buyer.id, paymentIntentId: intent.id });
    };
    const privacy = core.privacy!;
    return { memory, core, privacy, requests, eraser, buyer, open, buy };
  }

  it('ends the live pass first, queues the removal of each role owed with the real id, and completes once they are sent', async () => {
    const { memory, privacy, eraser, buyer, buy } = system();
    await buy('gang', 'hood-package');
    await buy('whitelist', 'bayou-basic');

    const outcome = await privacy.erase.execute({ userId: buyer.id, channel: 'cli' });
    expect(outcome).toMatchObject({ erased: true, membershipEnded: 'Bayou Basic', rolesRemoved: 1, holds: [] });
    // the pass had ended by the time anything was erased
    expect(eraser.plans).toHaveLength(1);
    const [{ plan, livePass }] = eraser.plans;
    expect(livePass).toBe(false);
    expect(plan).toMatchObject({ userId: buyer.id, discordId: '100000000000000001', requestId: outcome.request.id });
    expect(isErasedDiscordId(plan.opaqueDiscordId)).toBe(true);
    expect(Object.keys(plan.freeTextAnswers).sort()).toEqual(['appeal', 'staff', 'whitelist']);
    // the gang's role through the outbox, with the id Discord knows; the pass's own removal is its ending's
    const removals = (await memory.stores.outbox.list({})).filter((row) => row.kind === 'remove_role');
    expect(removals.map((row) => `${row.roleId} ${row.discordId} ${row.dedupeKey.split(':')[1]}`).sort()).toEqual(
      [`${HOOD_ROLE} 100000000000000001 erasure`, `${PASS_ROLE} 100000000000000001 membership`].sort(),
    );
    expect(outcome.request.status).toBe('removing_roles');

    expect(await privacy.finishErasures.execute()).toEqual({ completed: 0 });
    eraser.released = true;
    expect(await privacy.finishErasures.execute()).toEqual({ completed: 1 });
    expect((await privacy.list.execute({ all: true }))[0]).toMatchObject({ status: 'completed', kind: 'erasure' });
  });

  it('waits while a payment is open: recorded with why, nothing ended or erased', async () => {
    const { memory, privacy, eraser, buyer, buy, open } = system();
    await buy('whitelist', 'bayou-basic');
    const checkout = await open('gang', 'starter-gang');

    const outcome = await privacy.erase.execute({ userId: buyer.id, channel: 'web' });
    expect(outcome).toMatchObject({ erased: false, membershipEnded: null });
    expect(outcome.holds).toEqual([
      expect.objectContaining({ code: 'PAYMENT_IN_PROGRESS', purchaseId: checkout.purchase.id }),
    ]);
    expect(outcome.request).toMatchObject({ status: 'pending', heldBy: outcome.holds[0]!.message });
    expect(eraser.plans).toEqual([]);
    expect(await memory.stores.memberships.findLive(buyer.id)).not.toBeNull();
    // asked again: the same request
    expect((await privacy.erase.execute({ userId: buyer.id, channel: 'cli' })).request.id).toBe(outcome.request.id);
  });
});
