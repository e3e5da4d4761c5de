import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { client } from '../support/http.ts';
import { type SignedIn, signIn, signInBrowser } from '../support/session.ts';
import { buyWithDemoCard } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const SWAMP_BLOOD_ROLE = '500000000000000060';
/** 64 characters without a break: the longest Discord name the list must hold without scrolling sideways */
const LONG_NAME = `gator${'w'.repeat(55)}king`;

describe.runIf(browserAvailable)('admin purchases in Chromium', () => {
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
          RATE_LIMIT_WRITES_PER_MINUTE: '1000',
        }),
      }),
      openBrowser(),
    ]);
    expect(LONG_NAME).toHaveLength(64);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.stop();
  });

  const sql = (query: string, params: unknown[] = []) =>
    server.system.database.withContext(() => server.system.database.em.getConnection().execute(query, params));

  /** a buyer with one paid Swamp Blood (100 tokens, a Discord role) */
  async function paidBuyer(username: string): Promise<{ buyer: SignedIn; purchaseId: string }> {
    const buyer = await signIn(server, { username });
    fake.addMember(buyer.user.discordId);
    await buyWithDemoCard(server.url, buyer, {
      productType: 'whitelist',
      productId: 'swamp-blood',
      buyerDiscord: LONG_NAME,
    });
    const list = await client(server.url, (await signIn(server, { role: 'admin' })).cookie).get(
      `/api/purchases?buyer=${buyer.user.discordId}&status=completed`,
    );
    return { buyer, purchaseId: list.body.purchases[0].id };
  }

  async function adminPage(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'admin', username: `Admin${width}` });
    return page;
  }

  const rows = (page: Page) => page.getByRole('button', { name: 'View', exact: true });

  it('an admin filters, loads more, opens a purchase and refunds it, seeing the result without a reload', async () => {
    const { buyer, purchaseId } = await paidBuyer('refund_me');
    // 55 older declined attempts by the same buyer, so the list has a second page
    await sql(
      `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, status, failure_reason, created_at, updated_at, payment_attempted_at)
       select gen_random_uuid(), user_id, 'gang', 'starter-gang', 'Starter Gang', 2500, 'failed', 'Your card was declined.',
              created_at - (n || ' minutes')::interval, created_at, created_at
       from purchases, generate_series(1, 55) as n where id = ?`,
      [purchaseId],
    );
    const page = await adminPage(1280);
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Buyer (name or Discord id)').fill(buyer.user.discordId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/buyer=/);
    await expect.poll(() => page.getByTestId('summary-total-purchases').textContent()).toBe('56');
    // the totals and the rows arrive together, but the rows may paint a moment later
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows(page).count()).toBe(56);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // the filters live in the URL: a reload keeps them
    await page.getByLabel('Status').selectOption('completed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/status=completed/);
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await page.getByLabel('Buyer (name or Discord id)').inputValue()).toBe(buyer.user.discordId);
    expect(await page.getByTestId('summary-total-revenue').textContent()).toBe('$60.00');
    // the export takes the same filters
    const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(exportHref).toBe(`/api/purchases/export.csv?status=completed&buyer=${buyer.user.discordId}`);
    expect(await page.getByText('Money taken: completed purchases, less refunds and disputes').isVisible()).toBe(true);
    await shoot(page, 'admin-purchases-dashboard-1280', { fullPage: true });

    await rows(page).first().click();
    const dialog = page.getByRole('dialog', { name: 'Purchase details' });
    await dialog.getByText('+100').waitFor();
    expect(await dialog.getByRole('link', { name: 'refund_me' }).getAttribute('href')).toBe(
      `/admin/players/${buyer.user.id}`,
    );
    expect(await dialog.textContent()).toContain(`Discord id ${buyer.user.discordId}`);
    await dialog.getByText('Role granted').first().waitFor();
    expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(true);
    await shoot(page, 'admin-purchases-dialog-1280');

    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
    await confirm.waitFor();
    const terms = await confirm.textContent();
    expect(terms).toContain(
      '$60.00 for Swamp Blood is marked as paid back (demo payments: no money was taken, none moves).',
    );
    expect(terms).not.toContain("goes back to the buyer's card");
    expect(terms).toContain('100 tokens will be removed');
    expect(terms).toContain(`The Discord role ${SWAMP_BLOOD_ROLE} will be removed`);
    expect(terms).toContain('This is the month being served: the Priority Pass ends now and is not charged again.');
    await shoot(page, 'admin-purchases-refund-terms-1280');
    // the reason is required: the message names no field, and focus stays in the confirmation
    await confirm.getByRole('button', { name: 'Refund $60.00' }).click();
    await confirm.getByRole('alert').waitFor();
    expect(await confirm.getByRole('alert').textContent()).toBe(
      'Give the reason for the refund (at least 3 characters).',
    );
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await shoot(page, 'admin-purchases-confirm-1280');
    await confirm.getByLabel('Reason for the refund (required)').fill('Bought the wrong tier by mistake.');
    await confirm.getByRole('button', { name: 'Refund $60.00' }).click();
    await confirm.waitFor({ state: 'detached' });

    await dialog.getByTestId('purchase-status').getByText('Refunded').waitFor();
    expect(await dialog.getByTestId('purchase-tokens').textContent()).toBe('0 held of 100');
    await dialog.getByText('-100').waitFor();
    await dialog
      .getByText(/Role removed|Removing role/)
      .first()
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await dialog.getByText('Role removed').first().waitFor();
    expect(fake.members.get(buyer.user.discordId)?.has(SWAMP_BLOOD_ROLE)).toBe(false);
    await shoot(page, 'admin-purchases-refunded-1280');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the list follows without a reload: the completed filter no longer holds it
    await page.getByText('No purchases match these filters').waitFor();

    // a filter edited by hand into nonsense is left out: the page still lists
    await page.goto(`${server.url}/admin?status=bogus&buyer=${buyer.user.discordId}`);
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(await page.getByLabel('Status').inputValue()).toBe('');
    await page.context().close();
  }, 90_000);

  it('refunds with the keyboard only, and focus returns to the View button', async () => {
    const { buyer } = await paidBuyer('keyboard_buyer');
    const page = await adminPage(1280);
    await page.goto(`${server.url}/admin?buyer=${buyer.user.discordId}`);
    await rows(page).first().waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return `${element?.tagName ?? ''} ${element?.textContent?.trim() ?? ''}`;
      });
    const tabTo = async (text: string) => {
      for (let presses = 0; presses < 80; presses++) {
        await page.keyboard.press('Tab');
        if ((await focused()) === text) return;
      }
      throw new Error(`${text} not reached with Tab`);
    };
    await tabTo('BUTTON View');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Purchase details' });
    await dialog.getByText('+100').waitFor();
    await tabTo('BUTTON Refund');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
    await confirm.waitFor();
    // the confirmation takes keys once focus is in it (drawn a moment before, on a busy machine the Escape would
    // still go to the dialog beneath)
    await expect.poll(() => confirm.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Escape leaves the confirmation for the Refund button, Space opens it again
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('BUTTON Refund');
    await page.keyboard.press('Space');
    await confirm.waitFor();
    await tabTo('TEXTAREA ');
    await page.keyboard.type('Refund asked for by the buyer.');
    await tabTo('BUTTON Refund $60.00');
    await page.keyboard.press('Space');
    await confirm.waitFor({ state: 'detached' });
    await dialog.getByTestId('purchase-status').getByText('Refunded').waitFor();
    // the Refund button is gone: focus is on the status that now reads Refunded, inside the dialog
    await expect.poll(focused).toBe('SPAN Refunded');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('BUTTON View');
    await page.context().close();
  });

  for (const width of [1280, 360]) {
    it(`has no axe violation with the dialog and the confirmation open and scrolled, at ${width} px`, async () => {
      await paidBuyer(LONG_NAME);
      const page = await adminPage(width);
      await page.goto(`${server.url}/admin?status=completed`);
      await rows(page).first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-purchases-dashboard-${width}`, { fullPage: true });

      await rows(page).first().click();
      const dialog = page.getByRole('dialog', { name: 'Purchase details' });
      await dialog.getByText('+100').waitFor();
      await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `admin-purchases-dialog-${width}`);

      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund this purchase?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Refund $60.00' }).click();
      await confirm.getByRole('alert').waitFor();
      await confirm.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      expect(await axeViolations(page)).toEqual([]);
      // nothing covers the confirmation's buttons
      for (const name of ['Cancel', 'Refund $60.00']) {
        const button = confirm.getByRole('button', { name });
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        const onTop = await button.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
          return hit !== null && element.contains(hit);
        });
        expect(onTop, name).toBe(true);
        expect((box?.x ?? -1) + (box?.width ?? 999)).toBeLessThanOrEqual(width);
      }
      await shoot(page, `admin-purchases-confirm-${width}`);
      await page.context().close();
    });
  }

  it('staff see no Refund anywhere and cannot reach the dashboard', async () => {
    await paidBuyer('staff_looks');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInBrowser(page, server, { role: 'staff', username: 'StaffLooks' });
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByRole('button', { name: /Refund/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'View', exact: true }).count()).toBe(0);
    await context.close();
  });
});
