import { MailAttemptError } from '../../core/mail/errors.ts';
import type { OutgoingEmail } from '../../core/mail/model/email.ts';
import type { MailSender } from '../../core/mail/ports.ts';

/** A mail server as a list of what it accepted; told to refuse, it refuses each message for good (a 5xx). */
export class RecordingMailSender implements MailSender {
  readonly sent: OutgoingEmail[] = [];
  /** the refusal each message meets, until set back to null */
  refusing: string | null = null;

  async send(email: OutgoingEmail): Promise<void> {
    if (this.refusing) throw new MailAttemptError(this.refusing, false);
    this.sent.push(structuredClone(email));
  }
}
