import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../ui/src/config/paths.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { whitelistAnswers } from '../support/application-builders.ts';
import { browserAvailable, openBrowser, type TestBrowser, shoot } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { chartedDayOfPurchases } from '../support/store-flow.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** a UTC day as the charts write it: "Nov 27" */
const dayLabel = (at: Date) => `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}`;

describe.runIf(browserAvailable)('the dashboard charts in Chromium', () => {
  let server: TestServer;
  let browser: TestBrowser;

  const sql = (query: string, params: unknown[] = []) =>
    server.system.database.withContext(() => server.system.database.em.getConnection().execute(query, params));

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ ui: true, env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' } }),
      openBrowser(),
    ]);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const buyer = await signIn(server, { username: 'chart_buyer' });
    // today: $50, $80 less 25% ($60), $150 refunded (not counted), and a month of Bayou Basic ($20)
    await chartedDayOfPurchases(server, admin, buyer);
    // an add-on on each of the 29 days before, $10 to $50
    await sql(
      `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, amount_paid_cents, status, created_at, updated_at, completed_at)
       select gen_random_uuid(), ?, 'addon', 'custom-tattoos', 'Custom Tattoos', 1000 * (n % 5 + 1), 1000 * (n % 5 + 1), 'completed',
              now() - (n || ' days')::interval, now() - (n || ' days')::interval, now() - (n || ' days')::interval
       from generate_series(1, 29) as n`,
      [buyer.user.id],
    );
    // a Swamp Blood pass held from five months ago to two months ago, paid each month ($60)
    const [{ id: membershipId }] = (await sql(
      `insert into memberships (id, user_id, tier_id, status, gateway, subscription_id, anchor, current_period_start,
         current_period_end, started_at, ended_at, end_reason, created_at, updated_at)
       values (gen_random_uuid(), ?, 'swamp-blood', 'ended', 'demo', 'sub_demo_chart', now() - interval '5 months',
         now() - interval '3 months', now() - interval '2 months', now() - interval '5 months', now() - interval '2 months',
         'Canceled', now() - interval '5 months', now() - interval '2 months') returning id`,
      [buyer.user.id],
    )) as Array<{ id: string }>;
    await sql(
      `insert into membership_events (membership_id, user_id, kind, tier_id, created_at)
       values (?, ?, 'started', 'swamp-blood', now() - interval '5 months'), (?, ?, 'ended', 'swamp-blood', now() - interval '2 months')`,
      [membershipId, buyer.user.id, membershipId, buyer.user.id],
    );
    await sql(
      `insert into purchases (id, user_id, product_type, product_id, product_name, price_cents, amount_paid_cents, status,
         created_at, updated_at, completed_at, billing_reason, subscription_id, membership_id)
       select gen_random_uuid(), ?, 'whitelist', 'swamp-blood', 'Swamp Blood', 6000, 6000, 'completed',
         now() - (n || ' months')::interval, now() - (n || ' months')::interval, now() - (n || ' months')::interval,
         case when n = 5 then 'start' else 'renewal' end, 'sub_demo_chart', ?
       from generate_series(3, 5) as n`,
      [buyer.user.id, membershipId],
    );
    // two applications: one approved after three days, one waiting
    const decidedApplicant = client(server.url, (await signIn(server)).cookie);
    const sent = await decidedApplicant.post('/api/applications', whitelistAnswers());
    await sql(`update whitelist_applications set created_at = now() - interval '3 days' where id = ?`, [sent.body.id]);
    const approved = await admin.patch(`/api/applications/${sent.body.id}/review`, {
      status: 'approved',
      reviewNotes: 'Strong backstory, welcome aboard.',
    });
    expect(approved.status).toBe(200);
    await client(server.url, (await signIn(server)).cookie).post('/api/applications', whitelistAnswers());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const figure = (page: Page, testId: string) => page.getByTestId(testId);

  it('draws every chart from the figures, each with a title, axis labels and a table, at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { role: 'admin', username: `Chart Admin ${width}` },
        {
          width,
          bypassCSP: true,
        },
      );
      await page.goto(`${server.url}${paths.admin}`);
      const money = figure(page, 'chart-money');
      await money.getByRole('img', { name: /Money taken per day, last 30 days/ }).waitFor();

      // the title and summary name the image; the axes are labelled
      expect(await money.getByRole('heading').textContent()).toBe('Money taken per day, last 30 days');
      const summary = await money.locator('figcaption p').textContent();
      // $130 today, and $890 over the 29 days before ($20, $30, $40, $50, $10, ... by day)
      expect(summary).toMatch(/^\$1,020\.00 taken in 32 purchases; the best day was .+ with \$130\.00\.$/);
      for (const label of ['Day (UTC)', 'Dollars taken'])
        expect(await money.locator('svg').textContent()).toContain(label);

      // the table alternative holds each day, today last
      await money.getByText('Show as table').click();
      const rows = money.getByRole('table').locator('tbody tr');
      expect(await rows.count()).toBe(30);
      expect(await rows.last().textContent()).toBe(`${dayLabel(new Date())}3$130.00`);

      const types = figure(page, 'chart-product-types');
      await types.getByText('Show as table').click();
      expect(await types.getByRole('table').locator('tbody tr').allTextContents()).toEqual([
        'Whitelist1$20.00',
        'Gang2$110.00',
        'Add-on29$890.00',
        'Unban0$0.00',
      ]);

      const mrr = figure(page, 'chart-mrr');
      await mrr.getByText('Show as table').click();
      const months = await mrr.getByRole('table').locator('tbody tr').allTextContents();
      expect(months).toHaveLength(6);
      expect(months.filter((row) => row.includes('$60.00'))).toHaveLength(3);
      expect(months.at(-1)).toMatch(/\$20\.00\$0\.00\$20\.00$/);
      const members = figure(page, 'chart-members');
      expect(await members.getByRole('list', { name: 'Legend' }).textContent()).toBe('Bayou BasicSwamp Blood');

      const applications = figure(page, 'chart-applications');
      await applications.getByText('Show as table').click();
      const weeks = await applications.getByRole('table').locator('tbody tr').allTextContents();
      expect(weeks.length).toBeGreaterThanOrEqual(5);
      expect(weeks.join(' ')).toContain('72 h');
      await figure(page, 'chart-decision-time').getByRole('img').waitFor();

      // the rules this store sells under: not listed on FiveM here, tokens for money, the catalogue's risks
      const rules = page.getByRole('region', { name: 'Rules this store sells under' });
      expect(await rules.getByTestId('rule-licence').textContent()).toContain('Does not apply: FIVEM_LISTED=false');
      expect(await rules.getByTestId('rule-tokens').textContent()).toContain('On: 18 items credit tokens');
      await rules.getByText("18 of 18 catalogue items risk the platform's rules").click();
      await rules.getByText('Bayou Basic: sells access to the server itself ("Whitelist server access")').waitFor();
      await shoot(rules, `dashboard-rules-${width}`);

      expect(await axeViolations(page)).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      await shoot(page, `dashboard-charts-${width}`, { fullPage: true });

      // the longer window: 90 days in the money chart and its table
      await page.getByRole('button', { name: 'Last 90 days' }).click();
      await money.getByRole('heading', { name: 'Money taken per day, last 90 days' }).waitFor();
      await expect.poll(() => rows.count()).toBe(90);
      expect(await page.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed')).toBe('true');
      expect(await fitsWidth(page)).toBe(true);
    }
  });
});
