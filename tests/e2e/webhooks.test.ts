import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';

describe.runIf(browserAvailable)('the webhooks admin screen', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, env: { DELIVERY_POLL_MS: '50', DELIVERY_RETRY_BASE_MS: '100' } }),
      openBrowser(),
    ]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px: adds an endpoint with its secret shown once, tests it, reads its tries, resends, removes it`, async () => {
      const path = `/screen-${width}`;
      receiver.answer(path, { status: 500, body: 'not yet' }, { status: 200, body: 'ok' });
      const { page } = await browser.pageAs(
        server,
        { role: 'admin', username: `Admin${width}` },
        { width, height: 900, bypassCSP: true },
      );
      const check = async (what: string) => {
        expect(await axeViolations(page), what).toEqual([]);
        expect(await fitsWidth(page), what).toBe(true);
      };

      // linked from the dashboard for those who manage integrations
      await page.goto(`${server.url}/admin`);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByLabel(/^Address/).fill(receiver.url(path));
      await page.getByLabel('Description').fill(`Stats board ${width}`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByText('Choose at least one event.').waitFor();
      await check(`the form refused at ${width}`);
      await page.getByLabel(/^Purchase completed/).check();
      await page.getByLabel(/^Player banned/).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();

      const shown = page.getByTestId('webhook-secret');
      await shown.getByText('you will not see it again').waitFor();
      const secret = (await shown.locator('code').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await check(`the secret shown once at ${width}`);
      await shoot(page, `webhooks-secret-${width}`, { fullPage: true });
      await shown.getByRole('button', { name: 'I have copied it' }).click();
      expect(await page.getByText(secret).count()).toBe(0);

      const row = page.getByTestId('webhook-row').filter({ hasText: `Stats board ${width}` });
      await row.getByRole('button', { name: /^Send test/ }).click();
      // the first try is answered 500, the second 200: both are listed, with what came back
      const message = page.getByTestId('webhook-message').first();
      await eventually(async () => expect(await message.getByTestId('webhook-try').count()).toBe(2), 15_000);
      expect(await message.textContent()).toContain('HTTP 500');
      expect(await message.textContent()).toContain('not yet');
      expect(await message.textContent()).toContain('HTTP 200');
      const [first] = receiver.to(path);
      expect(new Webhook(secret).verify(first!.body, first!.headers)).toMatchObject({ type: 'webhook.test' });
      await check(`the messages at ${width}`);
      await shoot(page, `webhooks-messages-${width}`, { fullPage: true });

      await message.getByRole('button', { name: /^Resend/ }).click();
      await eventually(async () => expect(await page.getByTestId('webhook-message').count()).toBe(2), 15_000);
      await eventually(() => expect(receiver.to(path)).toHaveLength(3), 15_000);

      await row.getByRole('button', { name: /^Remove/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('will hear nothing more').waitFor();
      await check(`the removal asked at ${width}`);
      await dialog.getByRole('button', { name: 'Remove endpoint' }).click();
      await eventually(async () =>
        expect(
          await page
            .getByTestId('webhook-row')
            .filter({ hasText: `Stats board ${width}` })
            .count(),
        ).toBe(0),
      );
      await page.close();
    }, 90_000);
  }
});
