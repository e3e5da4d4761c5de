import type { MembershipEffects } from '../../memberships/effects.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import type { PurchaseEffects } from '../../purchases/effects.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { PurchaseRepository } from '../../purchases/ports.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import type { UserRepository } from '../../users/ports.ts';
import type { MailOutbox, ReceiptLinks } from '../ports.ts';
import type { Email, EmailKind } from './email.ts';
import { type MailContent, renderHtml, renderText } from './mail-content.ts';
import { receiptTexts } from './receipt-texts.ts';

/** What a purchase's and a membership's changes mean for the buyer's inbox: the emails each writes. */
export type MailEffects = Pick<PurchaseEffects, 'purchaseCompleted' | 'giftDelivered' | 'purchaseReversed'> &
  Pick<MembershipEffects, 'renewalFailed'>;

export interface ReceiptEmailsDeps {
  outbox: MailOutbox;
  /** where an address comes from when the purchase names none: the account's */
  accounts: Pick<UserRepository, 'findById'>;
  /** a failed renewal's month, as its membership's purchases hold it */
  purchases: Pick<PurchaseRepository, 'ofMembership'>;
  links: ReceiptLinks;
  /** a tier's name, or its id when the catalogue no longer sells it */
  tierName: (tierId: string) => string;
  ids: IdGenerator;
  clock: Clock;
  /** called after emails are written, so the worker can look sooner than its next poll */
  onRecorded?: () => void;
}

interface Draft {
  kind: EmailKind;
  to: string;
  content: MailContent;
  userId: string | null;
  purchaseId: string | null;
  membershipId: string | null;
  dedupeKey: string;
}

/**
 * Writes the emails. Every call runs inside the caller's transaction, so an email exists exactly when its cause
 * does; sending is the worker's, later, so a purchase completes whether or not its email can be sent. With no
 * address known nothing is written.
 */
export class ReceiptEmails implements MailEffects {
  constructor(private readonly deps: ReceiptEmailsDeps) {}

  async purchaseCompleted(purchase: Purchase): Promise<void> {
    const renewal = purchase.billing?.reason === 'renewal';
    const kind: EmailKind = renewal ? 'renewal' : 'purchase';
    const content = renewal
      ? receiptTexts.renewal(purchase, this.deps.links)
      : receiptTexts.purchase(purchase, this.deps.links);
    const drafts: Draft[] = [];
    // a checkout took the account's address when the buyer gave none (StartCheckout): none on the purchase means the
    // account had none, so only a renewal, which the provider starts, asks the account again
    const to = renewal ? await this.buyerAddress(purchase) : address(purchase.buyerEmail);
    if (to) drafts.push(this.purchaseDraft(kind, to, content, purchase));
    if (purchase.gift?.deliveredAt) drafts.push(...(await this.giftDrafts(purchase)));
    await this.record(drafts);
  }

  async giftDelivered(purchase: Purchase): Promise<void> {
    await this.record(await this.giftDrafts(purchase));
  }

  async purchaseReversed(purchase: Purchase, _was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void> {
    // a dispute is the bank's, between it and the buyer: the site writes nothing to them about it
    if (how !== 'refunded') return;
    const to = await this.buyerAddress(purchase);
    if (!to) return;
    await this.record([this.purchaseDraft('refund', to, receiptTexts.refund(purchase, this.deps.links), purchase)]);
  }

  async renewalFailed(membership: Membership, message: string): Promise<void> {
    const purchase = await this.failedMonthOf(membership);
    const to = address(purchase?.buyerEmail) ?? (await this.accountAddress(membership.userId));
    if (!to) return;
    const content = receiptTexts.renewalFailed(
      { membership, message, purchase, tier: this.deps.tierName(membership.tierId) },
      this.deps.links,
    );
    await this.record([
      {
        kind: 'renewal_failed',
        to,
        content,
        userId: membership.userId,
        purchaseId: purchase?.id ?? null,
        membershipId: membership.id,
        dedupeKey: `email:renewal-failed:${membership.id}:${membership.currentPeriodEnd.toISOString()}`,
      },
    ]);
  }

  /** the newest renewal of the membership that failed: the month just declined */
  private async failedMonthOf(membership: Membership): Promise<Purchase | null> {
    const months = await this.deps.purchases.ofMembership(membership.id);
    return months.find((month) => month.billing?.reason === 'renewal' && month.status === 'failed') ?? null;
  }

  private purchaseDraft(kind: EmailKind, to: string, content: MailContent, purchase: Purchase): Draft {
    return {
      kind,
      to,
      content,
      userId: purchase.userId,
      purchaseId: purchase.id,
      membershipId: purchase.billing?.membershipId ?? null,
      dedupeKey: `email:${kind}:${purchase.id}`,
    };
  }

  /** a delivered gift: its recipient is told, at their account's address */
  private async giftDrafts(purchase: Purchase): Promise<Draft[]> {
    const recipient = purchase.gift?.userId;
    if (!recipient) return [];
    const to = await this.accountAddress(recipient);
    if (!to) return [];
    return [
      {
        kind: 'gift_received',
        to,
        content: receiptTexts.giftReceived(purchase, this.deps.links),
        userId: recipient,
        purchaseId: purchase.id,
        membershipId: null,
        dedupeKey: `email:gift_received:${purchase.id}`,
      },
    ];
  }

  /** the address the buyer gave at checkout, else their account's */
  private async buyerAddress(purchase: Purchase): Promise<string | null> {
    return address(purchase.buyerEmail) ?? (await this.accountAddress(purchase.userId));
  }

  private async accountAddress(userId: string): Promise<string | null> {
    return address((await this.deps.accounts.findById(userId))?.email);
  }

  private async record(drafts: Draft[]): Promise<void> {
    if (drafts.length === 0) return;
    const now = this.deps.clock.now();
    const emails = drafts.map(
      ({ content, ...draft }): Email => ({
        id: this.deps.ids.next(),
        ...draft,
        status: 'pending',
        subject: content.subject,
        text: renderText(content),
        html: renderHtml(content),
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        createdAt: now,
        updatedAt: now,
        sentAt: null,
      }),
    );
    await this.deps.outbox.add(emails);
    this.deps.onRecorded?.();
  }
}

function address(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
