import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAnswers } from '../support/application-builders.ts';
import { axeViolations, fitsWidth } from '../support/axe.ts';
import { browserAvailable, openBrowser, shoot, type TestBrowser } from '../support/browser.ts';
import { client } from '../support/http.ts';
import { signIn } from '../support/session.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';

describe.runIf(browserAvailable)('two reviewers deciding a staff application by their votes', () => {
  let server: TestServer;
  let browser: TestBrowser;
  const realName = staffAnswers().realName;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ ui: true }), openBrowser()]);
    const admin = client(server.url, (await signIn(server, { role: 'admin' })).cookie);
    const template = await admin.post('/api/answer-templates', {
      kind: 'staff',
      decision: 'approve',
      name: 'Welcome to the team',
      body: 'Welcome to the team, {player}! Ana will reach out on Discord.',
    });
    expect(template.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const reviewerPage = async (username: string, width: number): Promise<Page> =>
    (
      await browser.pageAs(
        server,
        { role: 'staff', grant: ['review-staff'], username },
        { width, height: 800, bypassCSP: true },
      )
    ).page;

  const check = async (page: Page, what: string) => {
    expect(await axeViolations(page), what).toEqual([]);
    expect(await fitsWidth(page), what).toBe(true);
  };

  for (const width of [1280, 360]) {
    it(`at ${width} px: the first vote waits for the quorum, the second decides, and the screens say so`, async () => {
      const applicant = await signIn(server);
      const created = await client(server.url, applicant.cookie).post('/api/staff-applications', staffAnswers());
      expect(created.status).toBe(201);
      const id: string = created.body.id;
      const opener = (page: Page) => page.locator(`[data-review-opener="${id}"]`);

      // the first reviewer: the votes so far, a vote's own question, and what the vote did
      const ana = await reviewerPage(`Ana${width}`, width);
      await ana.goto(`${server.url}/staff-review`);
      await opener(ana).click();
      const dialog = ana.getByRole('dialog');
      const votes = dialog.getByRole('region', { name: 'Votes' });
      await votes.waitFor();
      expect(await votes.textContent()).toContain('2 approvals approve it; 2 denials refuse it.');
      expect(await votes.textContent()).toContain('No votes yet.');
      expect(await dialog.getByRole('button', { name: 'Abstain' }).isVisible()).toBe(true);
      await check(ana, 'the dialog before any vote');
      await votes.evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
      await shoot(ana, `votes-first-dialog-${width}`);
      await dialog.getByLabel('Review notes').fill('Strong scenario answers.');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      const question = dialog.getByRole('group', { name: 'Confirm the decision' });
      expect(await question.textContent()).toContain(
        `Vote to approve the application from ${realName}? Your vote cannot be changed; the application is decided once 2 reviewers agree`,
      );
      await check(ana, 'the vote asked once more');
      await shoot(ana, `votes-first-confirm-${width}`);
      await question.getByRole('button', { name: 'Yes, approve' }).click();
      await ana.getByText('Your vote is in', { exact: true }).waitFor();
      await ana.getByText('1 of 2 approvals. The pending application waits for more votes.', { exact: true }).waitFor();
      await expect
        .poll(() => ana.locator(`[data-application-id="${id}"] [data-testid="vote-split"]`).textContent())
        .toBe('1 approve · 0 deny');
      await check(ana, 'the list after the first vote');
      await shoot(ana, `votes-first-voted-${width}`, { fullPage: true });
      // opened again, the dialog shows the vote and no buttons: a reviewer votes once
      await opener(ana).click();
      await dialog.getByTestId('my-vote').waitFor();
      expect(await dialog.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await ana.keyboard.press('Escape');

      // the second reviewer reads the split on the list and the vote in the dialog, picks a template and decides
      const ben = await reviewerPage(`Ben${width}`, width);
      await ben.goto(`${server.url}/staff-review`);
      await expect
        .poll(() => ben.locator(`[data-application-id="${id}"] [data-testid="vote-split"]`).textContent())
        .toBe('1 approve · 0 deny');
      await opener(ben).click();
      const second = ben.getByRole('dialog');
      const secondVotes = second.getByRole('region', { name: 'Votes' });
      await secondVotes.getByText(`Ana${width}`).waitFor();
      expect(await secondVotes.textContent()).toContain('Strong scenario answers.');
      await second.getByLabel('Answer template').selectOption({ label: 'Welcome to the team' });
      expect(await second.getByLabel('Message to the applicant').inputValue()).toBe(
        `Welcome to the team, ${realName}! Ana will reach out on Discord.`,
      );
      await check(ben, 'the second dialog with a template picked');
      await secondVotes.evaluate((panel) => panel.scrollIntoView({ block: 'start' }));
      await shoot(ben, `votes-second-dialog-${width}`);
      await second.getByRole('button', { name: 'Approve' }).click();
      const final = second.getByRole('group', { name: 'Confirm the decision' });
      // this vote reaches the quorum: the final decision's own question
      expect(await final.textContent()).toContain(`Approve the application from ${realName}? This is final`);
      await final.getByRole('button', { name: 'Yes, approve' }).click();
      await ben.getByText('Approved: the quorum was reached', { exact: true }).waitFor();
      await ben.getByText('2 of 2 approvals. The applicant is told.', { exact: true }).waitFor();
      await expect
        .poll(() => ben.locator(`[data-application-id="${id}"] [data-testid="status"]`).textContent())
        .toBe('Approved');
      await check(ben, 'the list after the decision');
      await shoot(ben, `votes-second-decided-${width}`, { fullPage: true });

      const told = await client(server.url, applicant.cookie).get('/api/staff-applications/mine');
      expect(told.body.applications[0]).toMatchObject({
        status: 'approved',
        applicantMessage: `Welcome to the team, ${realName}! Ana will reach out on Discord.`,
      });
      await ana.close();
      await ben.close();
    }, 90_000);
  }

  it('lets an admin keep the answer templates on their own screen, accessible at 1280 and 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page } = await browser.pageAs(
        server,
        { role: 'admin', username: `Admin${width}` },
        { width, height: 800, bypassCSP: true },
      );
      await page.goto(`${server.url}/admin/answer-templates`);
      await page.getByRole('heading', { name: 'Answer Templates' }).waitFor();
      await page.getByText('Welcome to the team', { exact: true }).first().waitFor();
      await page.getByLabel(/^Name/).fill(`Not this time ${width}`);
      await page.getByLabel('Decision', { exact: true }).selectOption('deny');
      await page.getByLabel('Message to the applicant').fill('Sorry {player}, try again from {when}.');
      await page.getByRole('button', { name: 'Add template' }).click();
      await page.getByText('{when} is not a placeholder: use {player} or {reapplyDate}').waitFor();
      await check(page, `templates screen with a refused message at ${width}`);
      await page.getByLabel('Message to the applicant').fill('Sorry {player}, try again from {reapplyDate}.');
      await page.getByRole('button', { name: 'Add template' }).click();
      await page.getByText(`Not this time ${width}`, { exact: true }).first().waitFor();
      await check(page, `templates screen at ${width}`);
      await shoot(page, `votes-templates-${width}`, { fullPage: true });
      await page.close();
    }
  }, 90_000);
});
