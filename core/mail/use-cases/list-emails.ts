import type { Email } from '../model/email.ts';
import type { EmailQuery, MailOutbox } from '../ports.ts';

/** The outbox's emails, newest first: by status, or one purchase's. */
export class ListEmails {
  constructor(private readonly outbox: MailOutbox) {}

  execute(query: EmailQuery = {}): Promise<Email[]> {
    return this.outbox.list({ ...query, limit: query.limit ?? 200 });
  }
}
