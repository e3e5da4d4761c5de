import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWAL_CONSENT } from '../../core/purchases/model/withdrawal-consent.ts';
import { agreeToTerms, browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { type SmtpListener, startSmtpListener } from '../support/smtp-listener.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const PUBLIC_URL = 'https://bayourp.example';

describe.runIf(browserAvailable)('the receipt by email after paying in Chromium', () => {
  let smtp: SmtpListener;
  let server: TestServer;
  let browser: TestBrowser;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, env: { SMTP_URL: smtp.url, PUBLIC_URL, DELIVERY_POLL_MS: '50' } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  for (const width of [1280, 360]) {
    it(`a purchase paid on the card page reaches the buyer's mailbox with its amounts, consent and receipt link (${width} px)`, async () => {
      const email = `mailbox${width}@example.com`;
      const { page } = await browser.pageAs(server, { username: `Mailbox Buyer ${width}`, email }, { width });
      await page.goto(`${server.url}/stripe-checkout?type=gang&id=hood-package`);
      await agreeToTerms(page);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay now $80' }).click();
      await page.waitForURL('**/checkout-success?payment_intent=*');

      const [mail] = await smtp.messagesTo(email);
      const { parsed } = mail;
      const purchases = await page.evaluate(
        async () => (await (await fetch('/api/user/purchases')).json()).purchases as { purchaseId: string }[],
      );
      const purchaseId = purchases[0].purchaseId;
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(email);
      expect(parsed.subject).toContain('Hood Package');
      expect(parsed.messageId).toMatch(/^<.+@.+>$/);
      expect(parsed.date).toBeInstanceOf(Date);
      for (const part of [parsed.text ?? '', parsed.html || '']) {
        expect(part).toContain('$80.00');
        expect(part).toContain(purchaseId);
        expect(part).toContain(`${PUBLIC_URL}/account/receipts/${purchaseId}`);
      }
      expect(parsed.text).toContain(WITHDRAWAL_CONSENT.text);

      // the HTML part as a mail client shows it
      const mailView = await browser.newPage({ width });
      await mailView.setContent(parsed.html || '');
      await shoot(mailView, `receipt-email-${width}`, { fullPage: true });
    }, 60_000);
  }
});
