import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmlFileMailSender } from '../../adapters/mail/eml-file-mail-sender.ts';
import { EmlMailbox } from '../../adapters/mail/eml-mailbox.ts';
import { SmtpMailSender } from '../../adapters/mail/smtp-mail-sender.ts';
import { MailAttemptError } from '../../core/mail/errors.ts';
import type { OutgoingEmail } from '../../core/mail/model/email.ts';
import { type SmtpListener, startSmtpListener } from '../support/smtp-listener.ts';

const FROM = 'Bayou Roleplay <receipts@store.example.com>';
const outgoing = (to: string): OutgoingEmail => ({
  id: randomUUID(),
  to,
  subject: 'Your Bayou Roleplay receipt: Hood Package',
  text: 'Total paid    $80.00\n',
  html: '<p>Total paid <b>$80.00</b></p>',
  createdAt: new Date('2026-11-30T14:02:05.123Z'),
});

let smtp: SmtpListener;
beforeAll(async () => {
  smtp = await startSmtpListener();
});
afterAll(() => smtp.close());

describe('the SMTP sender', () => {
  it('hands the message over with a Message-ID and Date that stay the same on every try', async () => {
    const email = outgoing('first@example.com');
    const sender = new SmtpMailSender({ url: smtp.url, from: FROM });
    await sender.send(email);
    await sender.send(email);
    const [one, two] = await smtp.messagesTo('first@example.com', 2);
    expect(one!.parsed.messageId).toBe(`<${email.id}@store.example.com>`);
    expect(two!.parsed.messageId).toBe(one!.parsed.messageId);
    expect(one!.parsed.date?.toISOString()).toBe('2026-11-30T14:02:05.000Z');
    expect(one!.parsed.text).toContain('$80.00');
    expect(one!.parsed.html).toContain('<b>$80.00</b>');
  });

  it('fails for good on a 5xx refusal, and for now on a 4xx, a wrong password or no server', async () => {
    const sender = new SmtpMailSender({ url: smtp.url, from: FROM });
    const tried = async (make: SmtpMailSender = sender) => {
      try {
        await make.send(outgoing('refused@example.com'));
      } catch (error) {
        return error as MailAttemptError;
      }
      throw new Error('it was sent');
    };
    try {
      smtp.refuse({ code: 550, text: 'Mailbox unavailable' });
      expect(await tried()).toMatchObject({ name: 'MailAttemptError', retryable: false });
      smtp.refuse({ code: 451, text: 'Try again later' });
      expect(await tried()).toMatchObject({ retryable: true });
    } finally {
      smtp.refuse(null);
    }
    const wrongPassword = new SmtpMailSender({ url: smtp.url.replace(/:[^:@]+@/, ':wrong@'), from: FROM });
    const refused = await tried(wrongPassword);
    expect(refused).toBeInstanceOf(MailAttemptError);
    expect(refused.message).not.toContain('wrong');
    const away = new SmtpMailSender({
      url: 'smtp://127.0.0.1:1',
      from: FROM,
      timeoutsMs: { connection: 2_000, greeting: 2_000, socket: 2_000 },
    });
    expect(await tried(away)).toMatchObject({ retryable: true });
  });
});

describe('the .eml files, with no SMTP_URL', () => {
  it('writes each message whole under its own name, and the mailbox reads only those names', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'bayou-eml-')), 'mail');
    try {
      const email = outgoing('files@example.com');
      await new EmlFileMailSender({ dir, from: FROM }).send(email);
      const [name] = readdirSync(dir);
      expect(name).toBe(`20261130T140205123Z-${email.id}.eml`);
      const raw = readFileSync(join(dir, name!), 'utf8');
      expect(raw).toMatch(/^From: Bayou Roleplay <receipts@store\.example\.com>\r$/m);
      expect(raw).toMatch(/^To: files@example\.com\r$/m);

      writeFileSync(join(dir, 'notes.txt'), 'not a message');
      const mailbox = new EmlMailbox(dir);
      expect((await mailbox.list()).map((file) => file.name)).toEqual([name]);
      expect((await mailbox.read(name!))?.toString('utf8')).toBe(raw);
      for (const other of ['notes.txt', `../${name}`, `/etc/passwd`, `..%2F${name}`])
        expect(await mailbox.read(other)).toBeNull();
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});
