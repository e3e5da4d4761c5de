import type { OutgoingEmail } from '../../core/mail/model/email.ts';

/** Who sends, as every message says it: MAIL_FROM, and the domain its Message-IDs are made under. */
export interface Sender {
  /** "Bayou Roleplay <receipts@example.com>" */
  from: string;
}

/** the domain of the From address: Message-IDs are made under it */
export function senderDomain(from: string): string {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}

/**
 * The message as nodemailer composes it: both parts, and a Message-ID and Date that stay the same on every try (made
 * from the email's id and its creation), so a mail program shows a message sent twice after a lost answer once.
 */
export function messageOf(email: OutgoingEmail, sender: Sender) {
  return {
    from: sender.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    date: email.createdAt,
    messageId: `<${email.id}@${senderDomain(sender.from)}>`,
  };
}
