import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';
import { AGREED } from '../support/checkout-terms.ts';
import { eventually } from '../support/eventually.ts';
import { client } from '../support/http.ts';
import { randomDiscordId, signIn, type SignedIn } from '../support/session.ts';
import { type SmtpListener, startSmtpListener, SMTP_PASSWORD } from '../support/smtp-listener.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { capturedLogger } from '../support/captured-log.ts';

const PUBLIC_URL = 'https://store.example.com';
const CARD = '4242424242424242';
/** pays the first month, declines every later charge */
const DECLINES_LATER = '4000000000000341';

let smtp: SmtpListener;
let site: TestServer;
let admin: ReturnType<typeof client>;
const log = capturedLogger();

beforeAll(async () => {
  smtp = await startSmtpListener();
  site = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      DELIVERY_POLL_MS: '50',
      DELIVERY_RETRY_BASE_MS: '100',
      DELIVERY_MAX_ATTEMPTS: '3',
    },
    logger: log.logger,
  });
  admin = client(site.url, (await signIn(site, { role: 'admin' })).cookie);
});
afterAll(async () => {
  await site?.stop();
  await smtp?.close();
});

let players = 0;
/** a signed-in player with an address of their own */
async function player(): Promise<SignedIn & { email: string }> {
  const email = `player${++players}.${Date.now() % 1_000_000}@example.com`;
  return { ...(await signIn(site, { email })), email };
}

/** checkout, the demo card, completion: the purchase's id */
async function buy(buyer: SignedIn, item: Record<string, unknown>, card = CARD): Promise<string> {
  const http = client(site.url, buyer.cookie);
  const started = await http.post('/api/create-payment-intent', { ...AGREED, ...item });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await http.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: card });
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return started.body.purchaseId;
}

const renewDue = (now: Date) =>
  site.system.database.withContext(() => site.system.core.memberships.renewDue.execute({ now }));

const html = (mail: { parsed: { html?: string | false } }) => (mail.parsed.html || '') as string;

describe('receipts by email through a real SMTP server', () => {
  it('a completed purchase sends its receipt: headers, both parts, the amounts, the consent, the id and the link', async () => {
    const buyer = await player();
    const purchaseId = await buy(buyer, { productType: 'gang', productId: 'hood-package' });

    const [mail] = await smtp.messagesTo(buyer.email);
    const { parsed } = mail!;
    expect(parsed.from?.value).toEqual([{ name: 'Bayou Roleplay', address: 'receipts@store.example.com' }]);
    expect((parsed.to as { value: { address: string }[] }).value.map((to) => to.address)).toEqual([buyer.email]);
    expect(parsed.subject).toBe('Your Bayou Roleplay receipt: Hood Package');
    expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@store\.example\.com>$/);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative/m);

    const detail = await admin.get(`/api/purchases/${purchaseId}`);
    const price = `$${detail.body.purchase.price.toFixed(2)}`;
    const link = `${PUBLIC_URL}/account/receipts/${purchaseId}`;
    for (const part of [parsed.text ?? '', html(mail!)]) {
      expect(part).toContain(price);
      expect(part).toContain(purchaseId);
      expect(part).toContain(link);
    }
    expect(parsed.text).toMatch(new RegExp(`Total paid\\s+\\${price}`));
    expect(parsed.text).toContain(WITHDRAWAL_CONSENT.text);
    expect(html(mail!)).toContain(`href="${link}"`);

    // staff read it as sent, beside the purchase
    const emails = await admin.get(`/api/emails?purchaseId=${purchaseId}`);
    expect(emails.body.emails).toEqual([
      expect.objectContaining({ kind: 'purchase', status: 'sent', to: buyer.email, attempts: 1 }),
    ]);
    // the password in SMTP_URL is never in the log
    expect(JSON.stringify(log.lines)).not.toContain(SMTP_PASSWORD);
  });

  it('a refund sends its refund email', async () => {
    const buyer = await player();
    const purchaseId = await buy(buyer, { productType: 'gang', productId: 'starter-gang' });
    expect((await admin.post(`/api/purchases/${purchaseId}/refund`, { reason: 'Bought by mistake.' })).status).toBe(
      200,
    );
    const mails = await smtp.messagesTo(buyer.email, 2);
    const refund = mails.find((mail) => mail.parsed.subject === 'Your refund for Starter Gang');
    expect(refund, mails.map((mail) => mail.parsed.subject).join(', ')).toBeDefined();
    expect(refund!.parsed.text).toMatch(/Refunded\s+\$\d+\.\d\d/);
    expect(refund!.parsed.text).toContain(purchaseId);
    expect(html(refund!)).toContain(`${PUBLIC_URL}/account/receipts/${purchaseId}`);
  });

  it('each renewal sends a renewal receipt, and a declined one tells the player', async () => {
    const renewing = await player();
    await buy(renewing, { productType: 'whitelist', productId: 'swamp-blood' });
    const renewingHttp = client(site.url, renewing.cookie);
    const pass = (await renewingHttp.get('/api/membership')).body.membership;
    await renewDue(new Date(new Date(pass.currentPeriodEnd).getTime() + 60_000));
    const [, renewal] = await smtp.messagesTo(renewing.email, 2);
    expect(renewal!.parsed.subject).toBe('Your Swamp Blood Priority Pass renewed');
    expect(renewal!.parsed.text).toMatch(/Total paid\s+\$60\.00/);
    const renewed = (await renewingHttp.get('/api/user/purchases')).body.purchases as Array<{ purchaseId: string }>;
    expect(renewal!.parsed.text).toContain(renewed[0]!.purchaseId);

    const declined = await player();
    await buy(declined, { productType: 'whitelist', productId: 'swamp-blood' }, DECLINES_LATER);
    const declinedPass = (await client(site.url, declined.cookie).get('/api/membership')).body.membership;
    const end = new Date(declinedPass.currentPeriodEnd);
    await renewDue(new Date(end.getTime() + 60_000));
    const [, failed] = await smtp.messagesTo(declined.email, 2);
    expect(failed!.parsed.subject).toBe('Your Swamp Blood Priority Pass renewal did not go through');
    expect(failed!.parsed.text).toContain('Your card was declined.');
    expect(failed!.parsed.text).toMatch(/Amount due\s+\$60\.00/);
    expect(failed!.parsed.text).toContain(`${PUBLIC_URL}/account`);
  });

  it('a gift received is told to its recipient at their account address', async () => {
    const buyer = await player();
    const friendId = randomDiscordId();
    const friendEmail = `friend.${friendId}@example.com`;
    await signIn(site, { discordId: friendId, email: friendEmail, username: `friend${friendId.slice(-5)}` });
    const purchaseId = await buy(buyer, { productType: 'gang', productId: 'hood-package', giftTo: friendId });
    const [gift] = await smtp.messagesTo(friendEmail);
    expect(gift!.parsed.subject).toBe('You received a gift: Hood Package');
    expect(gift!.parsed.text).toContain(purchaseId);
    expect(gift!.parsed.text).toMatch(/Hood Package\s+Gift/);
    expect(html(gift!)).toContain(`${PUBLIC_URL}/account/receipts/${purchaseId}`);
    // and the buyer has their receipt
    const [receipt] = await smtp.messagesTo(buyer.email);
    expect(receipt!.parsed.subject).toBe('Your Bayou Roleplay receipt: Hood Package');
  });

  it('a refused email leaves the purchase completed; staff see it failed, and a retry sends it', async () => {
    const buyer = await player();
    smtp.refuse({ code: 550, text: 'Mailbox unavailable' });
    let purchaseId = '';
    try {
      purchaseId = await buy(buyer, { productType: 'gang', productId: 'starter-gang' });
      await eventually(async () => {
        const failed = await admin.get('/api/emails?status=failed');
        expect(failed.body.emails).toContainEqual(
          expect.objectContaining({ purchaseId, kind: 'purchase', status: 'failed', to: buyer.email }),
        );
      });
    } finally {
      smtp.refuse(null);
    }
    const detail = await admin.get(`/api/purchases/${purchaseId}`);
    expect(detail.body.purchase.status).toBe('completed');
    const [failed] = (await admin.get(`/api/emails?purchaseId=${purchaseId}`)).body.emails;
    expect(failed.lastError).toMatch(/^Try 1: The mail server: .*550/);
    expect(smtp.received.filter((mail) => mail.rcptTo.includes(buyer.email))).toEqual([]);

    const retried = await admin.post(`/api/emails/${failed.id}/retry`, {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.email).toMatchObject({ id: failed.id, status: 'pending', attempts: 0 });
    const [mail] = await smtp.messagesTo(buyer.email);
    expect(mail!.parsed.text).toContain(purchaseId);
    await eventually(async () =>
      expect((await admin.get(`/api/emails?purchaseId=${purchaseId}`)).body.emails[0].status).toBe('sent'),
    );
    // a sent email is not retried
    expect((await admin.post(`/api/emails/${failed.id}/retry`, {})).body.code).toBe('EMAIL_NOT_RETRYABLE');
  });
});

describe('receipts by email with no SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail, listed on the development page', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bayou-mail-'));
    const files = await startTestServer({
      env: { DATA_DIR: dataDir, PUBLIC_URL, DELIVERY_POLL_MS: '50' },
    });
    try {
      const email = `files.${Date.now()}@example.com`;
      const buyer = await signIn(files, { email });
      const http = client(files.url, buyer.cookie);
      const started = await http.post('/api/create-payment-intent', {
        ...AGREED,
        productType: 'gang',
        productId: 'hood-package',
      });
      await http.post('/api/payments/demo/confirm', { clientSecret: started.body.clientSecret, cardNumber: CARD });
      expect(
        (await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId })).status,
      ).toBe(200);
      const dir = join(dataDir, 'mail');
      const written = await eventually(() => {
        const names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
        expect(names).toHaveLength(1);
        return names;
      });
      const page = await fetch(`${files.url}/dev/mail`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain(`href="/dev/mail/${written[0]}"`);
      const raw = await fetch(`${files.url}/dev/mail/${written[0]}`);
      const message = await raw.text();
      expect(message).toMatch(/^Message-ID: <[0-9a-f-]{36}@store\.example\.com>$/m);
      expect(message).toContain(`To: ${email}`);
      expect(message).toContain(started.body.purchaseId);
      // nothing but the written files is served
      for (const path of ['/dev/mail/..%2F..%2Fpackage.json', '/dev/mail/%2e%2e/secret.eml', '/dev/mail/nope.eml'])
        expect((await fetch(`${files.url}${path}`)).status, path).toBe(404);
    } finally {
      await files.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('has no development page with SMTP_URL set', async () => {
    expect((await fetch(`${site.url}/dev/mail`)).status).not.toBe(200);
  });
});
