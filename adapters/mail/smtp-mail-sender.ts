import type { Transporter } from 'nodemailer';
import { MailAttemptError } from '../../core/mail/errors.ts';
import type { OutgoingEmail } from '../../core/mail/model/email.ts';
import type { MailSender } from '../../core/mail/ports.ts';
import { messageOf, type Sender } from './message.ts';

export interface SmtpMailSenderOptions extends Sender {
  /** SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps://; it holds the password, so it is never logged */
  url: string;
  /** how long a connection, the server's greeting and a quiet socket may take before the try fails */
  timeoutsMs?: { connection: number; greeting: number; socket: number };
}

/**
 * Sends through the mail server at SMTP_URL with nodemailer, loaded on the first message. A refusal for good (a 5xx
 * answer) fails the email at once; anything else (no connection, a 4xx, a timeout) is tried again later.
 */
export class SmtpMailSender implements MailSender {
  private transport: Promise<Transporter> | undefined;

  constructor(private readonly options: SmtpMailSenderOptions) {}

  async send(email: OutgoingEmail): Promise<void> {
    const transport = await this.transporter();
    try {
      await transport.sendMail(messageOf(email, this.options));
    } catch (error) {
      const failure = error as { message?: string; permanent?: boolean; responseCode?: number };
      const message = (failure.message ?? String(error)).replace(/\s+/g, ' ').trim();
      throw new MailAttemptError(`The mail server: ${message}`, failure.permanent !== true);
    }
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) => {
      const timeouts = this.options.timeoutsMs ?? { connection: 10_000, greeting: 10_000, socket: 30_000 };
      return createTransport({
        url: this.options.url,
        connectionTimeout: timeouts.connection,
        greetingTimeout: timeouts.greeting,
        socketTimeout: timeouts.socket,
      });
    });
    return this.transport;
  }
}
