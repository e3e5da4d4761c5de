import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { signIn } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const SWAMP_BLOOD_ROLE = '500000000000000060';

describe.runIf(browserAvailable)('Discord delivery in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let fake: FakeDiscord;

  beforeAll(async () => {
    fake = await FakeDiscord.start();
    [server, browser] = await Promise.all([
      startTestServer({
        ui: true,
        env: fake.env({
          DISCORD_ROLE_MAP: JSON.stringify({ 'swamp-blood': SWAMP_BLOOD_ROLE }),
          DELIVERY_POLL_MS: '100',
        }),
      }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.stop();
  });

  async function pageAs(role: 'player' | 'admin', username: string): Promise<{ page: Page; discordId: string }> {
    const { page, signedIn } = await browser.pageAs(server, { role, username });
    return { page, discordId: signedIn.user.discordId };
  }

  it('the post-payment page says the role was granted automatically, and drops the ticket step', async () => {
    const { page, discordId } = await pageAs('player', 'Jean Baptiste');
    fake.addMember(discordId);
    const buyer = await signIn(server, { discordId, username: 'Jean Baptiste' });
    const { intentId } = await buyWithDemoCard(server.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
    });
    await page.goto(`${server.url}/checkout-success?payment_intent=${intentId}`);
    await page
      .getByText('Your Discord role was granted automatically for Swamp Blood. No ticket needed.')
      .waitFor({ timeout: 10_000 });
    expect(await page.getByText('Open a ticket with your transaction ID and proof of purchase.').count()).toBe(0);
    expect(fake.members.get(discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);
  }, 60_000);

  it('/admin shows a failed grant with Retry, and Retry delivers it', async () => {
    // the buyer had not joined the Discord server yet: Discord answers Unknown Member
    const late = await signIn(server, { username: 'Late Joiner' });
    await buyWithDemoCard(server.url, late, { productType: 'whitelist', productId: 'swamp-blood' });
    const { page: admin } = await pageAs('admin', 'Papa Legba');
    await admin.goto(`${server.url}/admin`);
    const row = admin.getByRole('row').filter({ hasText: 'Late Joiner' });
    await expect.poll(() => row.locator('[data-delivery]').textContent(), { timeout: 15_000 }).toBe('Grant failed');
    expect(await row.textContent()).toContain('Discord answered 404: Unknown Member (code 10007).');
    await shoot(admin, 'admin-delivery-failed-1280', { fullPage: true });

    fake.addMember(late.user.discordId);
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => row.locator('[data-delivery]').textContent(), { timeout: 15_000 }).toBe('Role granted');
    expect(fake.members.get(late.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);
  }, 60_000);
});
