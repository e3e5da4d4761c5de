import type { Clock } from '../../shared/ports.ts';
import { EmailNotFoundError, EmailNotRetryableError } from '../errors.ts';
import type { Email } from '../model/email.ts';
import type { MailOutbox } from '../ports.ts';

/** Puts one failed email back in the queue with a fresh count of tries; the worker sends it at once. */
export class RetryEmail {
  constructor(
    private readonly outbox: MailOutbox,
    private readonly clock: Clock,
    private readonly onRequeued: () => void = () => {},
  ) {}

  async execute(id: string): Promise<Email> {
    const email = await this.outbox.findById(id);
    if (!email) throw new EmailNotFoundError(id);
    if (email.status !== 'failed') throw new EmailNotRetryableError(email.status);
    const now = this.clock.now();
    const moved = await this.outbox.requeueFailed([id], now);
    if (moved.length === 0) throw new EmailNotRetryableError((await this.outbox.findById(id))?.status ?? 'pending');
    // the email as the requeue left it: the worker may take it before a second read could
    const requeued: Email = { ...email, status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now };
    this.onRequeued();
    return requeued;
  }
}
