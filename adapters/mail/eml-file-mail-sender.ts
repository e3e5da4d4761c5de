import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { OutgoingEmail } from '../../core/mail/model/email.ts';
import type { MailSender } from '../../core/mail/ports.ts';
import { messageOf, type Sender } from './message.ts';

export interface EmlFileMailSenderOptions extends Sender {
  /** DATA_DIR/mail */
  dir: string;
}

/** An .eml file's name: when the email was made, then its id, so a listing by name is a listing by time. */
export const EML_FILE = /^\d{8}T\d{9}Z-[0-9a-f-]{36}\.eml$/;

/**
 * With no SMTP_URL (the embedded default): each message, composed by nodemailer exactly as it would go to a mail
 * server, is written as an .eml file under DATA_DIR/mail, which any mail program opens.
 */
export class EmlFileMailSender implements MailSender {
  private transport: Promise<Transporter> | undefined;

  constructor(private readonly options: EmlFileMailSenderOptions) {}

  async send(email: OutgoingEmail): Promise<void> {
    const transport = await this.transporter();
    const sent = await transport.sendMail(messageOf(email, this.options));
    await mkdir(this.options.dir, { recursive: true });
    const file = join(this.options.dir, emlFileName(email));
    // written whole, then named: a listing never shows half a message
    await writeFile(`${file}.partial`, sent.message as Buffer);
    await rename(`${file}.partial`, file);
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    );
    return this.transport;
  }
}

export function emlFileName(email: Pick<OutgoingEmail, 'id' | 'createdAt'>): string {
  const stamp = email.createdAt.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${email.id}.eml`;
}
