import type { Clock, TransactionRunner } from '../../shared/ports.ts';
import type { Delivery } from '../model/delivery.ts';
import { DeliveryAttemptError } from '../errors.ts';
import { backoffMs, type DeliverySettings } from '../model/delivery-settings.ts';
import type { DeliveryOutbox, DiscordGateway } from '../ports.ts';

export interface DeliveryPassReport {
  delivered: number;
  retrying: number;
  failed: number;
}

/** Told when a role's delivery is settled for good (delivered, or failed), in the transaction that settles it. */
export interface RoleGrantOutcomes {
  transactions: TransactionRunner;
  settled(delivery: Delivery, delivered: boolean, message: string | null): Promise<void>;
}

/** One pass of the outbox: claims what is due, sends it through Discord, records each outcome. */
export class DeliverDue {
  private readonly outbox: DeliveryOutbox;
  private readonly discord: DiscordGateway;
  private readonly clock: Clock;
  private readonly settings: DeliverySettings;
  private readonly outcomes: RoleGrantOutcomes | undefined;

  constructor(deps: {
    outbox: DeliveryOutbox;
    discord: DiscordGateway;
    clock: Clock;
    settings: DeliverySettings;
    /** told of a role given or given up on (the webhooks' grant events) */
    outcomes?: RoleGrantOutcomes;
  }) {
    ({ outbox: this.outbox, discord: this.discord, clock: this.clock, settings: this.settings } = deps);
    this.outcomes = deps.outcomes;
  }

  async execute(): Promise<DeliveryPassReport> {
    const now = this.clock.now();
    const claimed = await this.outbox.claimDue(
      now,
      this.settings.batchSize,
      new Date(now.getTime() + this.settings.leaseMs),
    );
    const report: DeliveryPassReport = { delivered: 0, retrying: 0, failed: 0 };
    for (const delivery of claimed) report[await this.attempt(delivery)] += 1;
    return report;
  }

  private async attempt(delivery: Delivery): Promise<keyof DeliveryPassReport> {
    try {
      await this.send(delivery);
      const at = this.clock.now();
      await this.settled(delivery, {
        status: 'delivered',
        nextAttemptAt: at,
        lastError: null,
        deliveredAt: at,
        updatedAt: at,
      });
      return 'delivered';
    } catch (error) {
      const at = this.clock.now();
      const failure =
        error instanceof DeliveryAttemptError
          ? error
          : new DeliveryAttemptError(error instanceof Error ? error.message : String(error), true);
      const lastError = `Try ${delivery.attempts}: ${failure.message}`.slice(0, 2000);
      if (!failure.retryable || delivery.attempts >= this.settings.maxAttempts) {
        await this.settled(delivery, {
          status: 'failed',
          nextAttemptAt: at,
          lastError,
          deliveredAt: null,
          updatedAt: at,
        });
        return 'failed';
      }
      const wait = Math.max(backoffMs(delivery.attempts, this.settings), failure.retryAfterMs ?? 0);
      await this.outbox.settle(delivery.id, {
        status: 'pending',
        nextAttemptAt: new Date(at.getTime() + wait),
        lastError,
        deliveredAt: null,
        updatedAt: at,
      });
      return 'retrying';
    }
  }

  /** a role given or given up on is settled with what it tells (the webhooks' grant events), in one transaction */
  private async settled(delivery: Delivery, changes: Parameters<DeliveryOutbox['settle']>[1]): Promise<void> {
    const outcomes = this.outcomes;
    if (!outcomes || delivery.kind !== 'grant_role') {
      await this.outbox.settle(delivery.id, changes);
      return;
    }
    await outcomes.transactions.run(async () => {
      await this.outbox.settle(delivery.id, changes);
      await outcomes.settled(delivery, changes.status === 'delivered', changes.lastError);
    });
  }

  private async send(delivery: Delivery): Promise<void> {
    const member = () => required(delivery.discordId, 'the member has no Discord id');
    const role = () => required(delivery.roleId, 'no role is mapped');
    const text = () => required(delivery.content, 'the message is empty');
    switch (delivery.kind) {
      case 'grant_role':
        return this.discord.grantRole(member(), role(), delivery.content ?? 'Granted by the store');
      case 'remove_role':
        return this.discord.removeRole(member(), role(), delivery.content ?? 'Removed by the store');
      case 'message_user':
        return this.discord.messageUser(member(), text());
      case 'notify_staff':
        return this.discord.notifyStaff(text());
    }
  }
}

function required(value: string | null, why: string): string {
  if (!value) throw new DeliveryAttemptError(`Cannot deliver: ${why}.`, false);
  return value;
}
