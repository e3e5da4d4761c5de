import type { ApplicationEffects } from '../../applications/effects.ts';
import type { Application, ApplicationKind } from '../../applications/model/application.ts';
import type { MembershipEffects } from '../../memberships/effects.ts';
import type { Membership } from '../../memberships/model/membership.ts';
import type { PurchaseEffects } from '../../purchases/effects.ts';
import type { Purchase } from '../../purchases/model/purchase.ts';
import type { Delivery } from '../../delivery/model/delivery.ts';
import type { Grant } from '../../grants/model/grant.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import type { WebhookEndpoints, WebhookOutbox } from '../ports.ts';
import type {
  GrantEventData,
  MembershipEventData,
  PlayerBanEventData,
  PurchaseEventData,
  WebhookBody,
  WebhookEventData,
  WebhookEventType,
} from './webhook-events.ts';
import { pendingMessage } from './webhook-message.ts';

/** What the site's changes mean for the registered endpoints: the messages each writes. */
export type WebhookEffects = Pick<PurchaseEffects, 'purchaseCompleted' | 'purchaseReversed'> &
  Pick<MembershipEffects, 'ended'> &
  Pick<ApplicationEffects, 'applicationReviewed'>;

/** The events recorded where they happen, outside the purchase and application effects. */
export interface WebhookHappenings {
  /** an account banned or unbanned, in the transaction of the account-action log's row */
  playerBanned(data: PlayerBanEventData): Promise<void>;
  playerUnbanned(data: PlayerBanEventData): Promise<void>;
  /** a Discord role given (or given up on), in the transaction that settles its delivery */
  roleGrantSettled(delivery: Delivery, delivered: boolean, message: string | null): Promise<void>;
  /** a game server's grant reported ran or failed, in the transaction of the report */
  gameGrantSettled(grant: Grant): Promise<void>;
}

export interface WebhookEventsDeps {
  endpoints: Pick<WebhookEndpoints, 'subscribedTo'>;
  outbox: Pick<WebhookOutbox, 'add'>;
  /** a player's Discord id, read only when an endpoint hears the event */
  discordIdOf: (userId: string) => Promise<string | null>;
  ids: IdGenerator;
  clock: Clock;
  /** called after messages are written, so the worker can look sooner than its next poll */
  onRecorded?: () => void;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Writes one message per event and subscribed endpoint. Every call runs inside its cause's transaction, so a message
 * exists exactly when its cause does, and its dedupe key (the event's own key and the endpoint's id) keeps a cause
 * that runs again (a purchase completed by its page and by the provider's webhook) from writing it twice. With no
 * endpoint subscribed nothing is read or written: the endpoints are held in memory.
 */
export class WebhookEventsRecorder implements WebhookEffects, WebhookHappenings {
  constructor(private readonly deps: WebhookEventsDeps) {}

  async purchaseCompleted(purchase: Purchase): Promise<void> {
    await this.record('purchase.completed', `purchase:${purchase.id}`, () => this.purchaseData(purchase));
    const billing = purchase.billing;
    if (!billing?.membershipId || billing.reason === 'upgrade') return;
    const type = billing.reason === 'start' ? 'membership.started' : 'membership.renewed';
    await this.record(type, `purchase:${purchase.id}`, async () => ({
      membershipId: billing.membershipId ?? '',
      userId: purchase.userId,
      discordId: await this.deps.discordIdOf(purchase.userId),
      tierId: purchase.productId,
      status: 'active',
      periodStart: iso(billing.periodStart),
      periodEnd: iso(billing.periodEnd),
      startedAt: billing.reason === 'start' ? iso(purchase.completedAt) : null,
      endedAt: null,
      purchaseId: purchase.id,
    }));
  }

  async purchaseReversed(purchase: Purchase, _was: Purchase['status'], how: 'refunded' | 'disputed'): Promise<void> {
    await this.record(`purchase.${how}`, `purchase:${purchase.id}`, () =>
      this.purchaseData({ ...purchase, status: how }),
    );
  }

  async ended(membership: Membership, _message: string, purchaseId?: string): Promise<void> {
    await this.record(
      'membership.ended',
      `membership:${membership.id}`,
      async (): Promise<MembershipEventData> => ({
        membershipId: membership.id,
        userId: membership.userId,
        discordId: await this.deps.discordIdOf(membership.userId),
        tierId: membership.tierId,
        // the membership as it was before it ended
        status: 'ended',
        periodStart: iso(membership.currentPeriodStart),
        periodEnd: iso(membership.currentPeriodEnd),
        startedAt: iso(membership.startedAt),
        endedAt: iso(membership.endedAt ?? this.deps.clock.now()),
        purchaseId: purchaseId ?? null,
      }),
    );
  }

  async applicationReviewed<A, S extends string>(
    kind: ApplicationKind<A, S>,
    application: Application<A, S>,
  ): Promise<void> {
    const status: string = application.status;
    const decision =
      status === 'approved' ? 'approved' : status === 'rejected' || status === 'denied' ? 'denied' : null;
    if (!decision) return;
    await this.record('application.decided', `application:${kind.name}:${application.id}:${status}`, async () => ({
      applicationId: application.id,
      kind: kind.name,
      decision,
      status,
      userId: application.userId,
      discordId: application.discordId,
      decidedAt: iso(application.reviewedAt),
    }));
  }

  async playerBanned(data: PlayerBanEventData): Promise<void> {
    await this.record('player.banned', `player:${data.userId}:${data.at}`, async () => data);
  }

  async playerUnbanned(data: PlayerBanEventData): Promise<void> {
    await this.record('player.unbanned', `player:${data.userId}:${data.at}`, async () => data);
  }

  async roleGrantSettled(delivery: Delivery, delivered: boolean, message: string | null): Promise<void> {
    await this.grantSettled(delivered, {
      grantId: delivery.id,
      channel: 'discord',
      userId: delivery.userId,
      discordId: delivery.discordId,
      purchaseId: delivery.purchaseId,
      applicationId: delivery.applicationId,
      membershipId: null,
      productId: null,
      optionId: null,
      roleId: delivery.roleId,
      action: null,
      message: delivered ? null : message,
    });
  }

  async gameGrantSettled(grant: Grant): Promise<void> {
    if (grant.status !== 'ran' && grant.status !== 'failed') return;
    await this.grantSettled(grant.status === 'ran', {
      grantId: grant.id,
      channel: 'game',
      userId: grant.userId,
      discordId: grant.discordId,
      purchaseId: grant.purchaseId,
      applicationId: null,
      membershipId: grant.membershipId,
      productId: grant.productId,
      optionId: grant.optionId,
      roleId: null,
      action: grant.action,
      message: grant.status === 'failed' ? grant.result : null,
    });
  }

  private async grantSettled(delivered: boolean, data: GrantEventData): Promise<void> {
    await this.record(
      delivered ? 'grant.delivered' : 'grant.failed',
      `grant:${data.channel}:${data.grantId}`,
      async () => data,
    );
  }

  private async purchaseData(purchase: Purchase): Promise<PurchaseEventData> {
    return {
      purchaseId: purchase.id,
      productType: purchase.productType,
      productId: purchase.productId,
      optionId: purchase.optionId,
      productName: purchase.productName,
      priceCents: purchase.priceCents,
      currency: purchase.currency,
      status: purchase.status,
      userId: purchase.userId,
      discordId: await this.deps.discordIdOf(purchase.userId),
      giftRecipientUserId: purchase.gift?.userId ?? null,
      membershipId: purchase.billing?.membershipId ?? null,
      completedAt: iso(purchase.completedAt),
    };
  }

  /** the cause's `key` with the event's type and each endpoint's id: one message per endpoint, however often it runs */
  private async record<T extends WebhookEventType>(
    type: T,
    key: string,
    data: () => Promise<WebhookEventData[T]>,
  ): Promise<void> {
    const endpoints = await this.deps.endpoints.subscribedTo(type);
    if (endpoints.length === 0) return;
    const now = this.deps.clock.now();
    const body: WebhookBody<T> = { type, timestamp: now.toISOString(), data: await data() };
    const text = JSON.stringify(body);
    const messages = endpoints.map((endpoint) =>
      pendingMessage(
        {
          id: this.deps.ids.next(),
          endpointId: endpoint.id,
          type,
          body: text,
          dedupeKey: `${type}:${key}:${endpoint.id}`,
          resendOf: null,
        },
        now,
      ),
    );
    await this.deps.outbox.add(messages);
    this.deps.onRecorded?.();
  }
}
