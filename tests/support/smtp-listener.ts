import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** the envelope's recipients, as the server heard them */
  rcptTo: string[];
  raw: string;
  parsed: ParsedMail;
}

/** the user and password the listener asks for: the site reads them from SMTP_URL */
export const SMTP_USER = 'receipts';
export const SMTP_PASSWORD = 'bayou-mail-password';

/**
 * A real SMTP server on a free loopback port (smtp-server), asking for a user and password, keeping each message it
 * accepts, parsed (mailparser). `refuse` makes it answer every message's recipient with that code until it is set
 * back to null (a 5xx refuses for good; a 4xx asks to try later).
 */
export async function startSmtpListener() {
  const received: ReceivedMail[] = [];
  const state: { refusal: { code: number; text: string } | null } = { refusal: null };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: SMTP_USER });
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      const refusal = state.refusal;
      if (refusal) return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      return callback();
    },
    onData(stream, session, callback) {
      const parts: Buffer[] = [];
      stream.on('data', (part: Buffer) => parts.push(part));
      stream.on('end', () => {
        const raw = Buffer.concat(parts).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({ rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.server.address() as AddressInfo;
  return {
    /** SMTP_URL for the site: its user and password in it */
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    received,
    refuse(refusal: { code: number; text: string } | null) {
      state.refusal = refusal;
    },
    /** the messages to `to`, once `count` of them arrived (or fails after a few seconds) */
    async messagesTo(to: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const mine = received.filter((mail) => mail.rcptTo.includes(to));
        if (mine.length >= count) return mine;
        if (Date.now() > until) throw new Error(`${mine.length} of ${count} messages to ${to} arrived.`);
        await new Promise((done) => setTimeout(done, 25));
      }
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export type SmtpListener = Awaited<ReturnType<typeof startSmtpListener>>;
