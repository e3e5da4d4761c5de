import type { MembershipDeps } from '../model/deps.ts';
import { CANCELED_AT_PROVIDER } from '../model/membership-payments.ts';
import type { BillingEvent } from '../ports.ts';

export interface HandleBillingEventDeps
  extends Pick<
    MembershipDeps,
    'memberships' | 'settlement' | 'lifecycle' | 'catalogue' | 'events' | 'payments' | 'transactions' | 'clock'
  > {}

/** Applies a provider's billing event once: the event id is recorded with its effect. */
export class HandleBillingEvent {
  constructor(private readonly d: HandleBillingEventDeps) {}

  async execute(event: BillingEvent): Promise<{ applied: boolean }> {
    return this.d.transactions.run(async () => {
      const fresh = await this.d.events.record({
        id: event.id,
        type: event.type,
        purchaseId: null,
        receivedAt: this.d.clock.now(),
      });
      if (!fresh) return { applied: false };
      switch (event.type) {
        case 'invoice_paid':
          return { applied: (await this.d.payments.recordPaid(event.invoice)) !== null };
        case 'invoice_failed':
          return { applied: await this.failed(event) };
        case 'subscription_updated':
          return { applied: await this.updated(event) };
        case 'subscription_deleted': {
          const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
          if (!membership) return { applied: false };
          return { applied: await this.d.lifecycle.end(membership, CANCELED_AT_PROVIDER) };
        }
      }
    });
  }

  /**
   * Cancel or resume at the provider. An event older than the newest one applied is ignored (the provider re-sends
   * for days, so order is not preserved), unless its fields are the provider's current state, read on arrival.
   */
  private async updated(event: Extract<BillingEvent, { type: 'subscription_updated' }>): Promise<boolean> {
    const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
    if (!membership || membership.status === 'ended') return false;
    const at = event.occurredAt ?? null;
    const newest = membership.providerEventAt ?? null;
    if (!event.current && at && newest && at < newest) return false;
    const stamp = at && (!newest || at > newest) ? { providerEventAt: at } : {};
    if (membership.cancelAtPeriodEnd === event.cancelAtPeriodEnd) {
      if (stamp.providerEventAt)
        await this.d.memberships.update(
          membership.id,
          { status: ['active', 'past_due'] },
          { ...stamp, updatedAt: this.d.clock.now() },
        );
      return false;
    }
    const changed = await this.d.memberships.update(
      membership.id,
      { status: ['active', 'past_due'] },
      { cancelAtPeriodEnd: event.cancelAtPeriodEnd, ...stamp, updatedAt: this.d.clock.now() },
    );
    return changed !== null;
  }

  /**
   * A declined renewal puts the membership past due, unless the month it was for is paid already (the provider's
   * retry succeeded and its report arrived first): then it is recorded and changes nothing.
   */
  private async failed(event: Extract<BillingEvent, { type: 'invoice_failed' }>): Promise<boolean> {
    if (event.reason !== 'renewal') return false;
    const membership = await this.d.memberships.findBySubscription(event.subscriptionId);
    if (membership?.status !== 'active') return false;
    if (membership.currentPeriodStart.getTime() >= event.periodStart.getTime()) return false;
    // the month as the site sold it, whatever tier the provider's invoice names
    const tier = this.d.catalogue.price(membership.pendingTierId ?? membership.tierId, 'whitelist');
    const purchase = await this.d.payments.billed(membership, {
      reason: 'renewal',
      tier,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      amountCents: event.amountCents,
      tokens: tier.tokens,
      intentId: event.intentId,
    });
    await this.d.settlement.fail(purchase, event.message);
    const graceFrom =
      // biome-ignore lint/complexity/useMathMinMax: the operands are Dates, and Math.min would return a number
      membership.currentPeriodEnd < this.d.clock.now() ? membership.currentPeriodEnd : this.d.clock.now();
    return (await this.d.lifecycle.pastDue(membership, graceFrom, event.message)) !== null;
  }
}
