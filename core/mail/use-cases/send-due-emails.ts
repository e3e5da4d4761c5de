import type { DeliverySettings } from '../../delivery/model/delivery-settings.ts';
import { backoffMs } from '../../delivery/model/delivery-settings.ts';
import type { Clock } from '../../shared/ports.ts';
import { MailAttemptError } from '../errors.ts';
import type { Email } from '../model/email.ts';
import type { MailOutbox, MailSender } from '../ports.ts';

export interface MailPassReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * One pass of the outbox: claims the emails due, hands each to the sender, records each outcome. A refusal for good
 * (or the last of the tries) leaves the email failed, for staff to see and retry; the others wait and try again, as
 * the Discord deliveries do.
 */
export class SendDueEmails {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly sender: MailSender,
    private readonly clock: Clock,
    private readonly settings: DeliverySettings,
  ) {}

  async execute(): Promise<MailPassReport> {
    const now = this.clock.now();
    const claimed = await this.outbox.claimDue(
      now,
      this.settings.batchSize,
      new Date(now.getTime() + this.settings.leaseMs),
    );
    const report: MailPassReport = { sent: 0, retrying: 0, failed: 0 };
    for (const email of claimed) report[await this.attempt(email)] += 1;
    return report;
  }

  private async attempt(email: Email): Promise<keyof MailPassReport> {
    try {
      await this.sender.send(email);
      const at = this.clock.now();
      await this.outbox.settle(email.id, {
        status: 'sent',
        nextAttemptAt: at,
        lastError: null,
        sentAt: at,
        updatedAt: at,
      });
      return 'sent';
    } catch (error) {
      const at = this.clock.now();
      const failure =
        error instanceof MailAttemptError
          ? error
          : new MailAttemptError(error instanceof Error ? error.message : String(error), true);
      const lastError = `Try ${email.attempts}: ${failure.message}`.slice(0, 2000);
      const done = !failure.retryable || email.attempts >= this.settings.maxAttempts;
      await this.outbox.settle(email.id, {
        status: done ? 'failed' : 'pending',
        nextAttemptAt: done ? at : new Date(at.getTime() + backoffMs(email.attempts, this.settings)),
        lastError,
        sentAt: null,
        updatedAt: at,
      });
      return done ? 'failed' : 'retrying';
    }
  }
}
