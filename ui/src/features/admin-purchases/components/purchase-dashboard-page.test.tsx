// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DashboardChartsResponse, ReviewerFiguresResponse } from '@contract/dashboard.ts';
import type { PurchaseDto, PurchasesResponse } from '@contract/purchases.ts';
import PurchaseDashboardPage from './purchase-dashboard-page.tsx';
import type { StoreRulesDto } from '@contract/dashboard.ts';
import type { QueueWaitsDto } from '@contract/queue.ts';

function purchase(overrides: Partial<PurchaseDto>): PurchaseDto {
  return {
    id: crypto.randomUUID(),
    userId: crypto.randomUUID(),
    productType: 'whitelist',
    productId: 'swamp-blood',
    optionId: null,
    productName: 'Swamp Blood',
    price: 60,
    amountPaid: 60,
    listPrice: 60,
    discount: 0,
    couponCode: null,
    saleName: null,
    paymentReference: null,
    buyerEmail: 'jean@example.com',
    buyerDiscord: 'jean_baptiste',
    banReason: null,
    paymentIntentId: 'pi_1',
    gateway: 'stripe',
    status: 'completed',
    tokensGranted: 100,
    tokensAwarded: 100,
    failureReason: null,
    refundReason: null,
    paymentAttemptedAt: '2026-11-22T14:06:00.000Z',
    paymentTried: true,
    createdAt: '2026-11-22T14:05:00.000Z',
    completedAt: '2026-11-22T14:06:00.000Z',
    roleDelivery: null,
    creatorCode: null,
    creatorCodeStatus: null,
    reportedCreatorCode: null,
    reportedCouponCodes: null,
    giftTo: null,
    giftMonths: null,
    consentGivenAt: null,
    consentVersion: null,
    consentAddress: null,
    gift: null,
    ...overrides,
  };
}

const byStatus = () => ({
  awaiting_payment: 0,
  completed: 0,
  failed: 0,
  abandoned: 0,
  refunded: 0,
  disputed: 0,
  underpaid: 0,
});

let answer: PurchasesResponse;
/** The list for /api/purchases, and one purchase of it for /api/purchases/:id (what the detail dialog asks). */
const membershipSummary = {
  tiers: [
    { tierId: 'cajun-royalty', name: 'Cajun Royalty', members: 2, monthly: 60 },
    { tierId: 'gator-crown', name: 'Gator Crown', members: 1, monthly: 100 },
  ],
  members: 3,
  mrr: 220,
};
/** the charts below the totals (their own browser test reads them): a quiet month */
const charts: DashboardChartsResponse = {
  days: 30,
  money: [{ day: '2026-11-22', purchases: 0, taken: 0 }],
  productTypes: [{ productType: 'gang', purchases: 0, taken: 0 }],
  memberships: { tiers: [], months: [] },
  applications: [{ week: '2026-11-16', submitted: 0, decided: 0, medianDecisionHours: null }],
};
/** the reviewer figures beside the charts (their own browser test reads them): nobody voted */
const reviewerFigures: ReviewerFiguresResponse = {
  days: 30,
  reviewers: [],
  kinds: (['whitelist', 'staff', 'appeal'] as const).map((kind) => ({
    kind,
    decided: 0,
    medianHoursToDecision: null,
    within48HoursPercent: null,
  })),
};
/** the queue waits below them (their own browser test reads them): nobody was let in from a queue */
const queueWaits: QueueWaitsDto = { windows: [7, 30].map((days) => ({ days, tiers: [] })) };
/** the dashboard is drawn only for a holder of 'view-purchases' (here an admin, whose preset holds them all) */
const adminSession = {
  user: {
    username: 'Papa',
    discordUsername: 'Papa',
    email: null,
    discordId: '1001',
    role: 'admin',
    permissions: ['view-purchases', 'refund'],
  },
};
const storeRules: StoreRulesDto = {
  fivemListed: true,
  fivemListedSet: false,
  gateway: 'stripe',
  purchaseTokens: true,
  withdrawalConsentVersion: '2026-11-30',
  mailHost: null,
  items: 18,
  risks: [{ id: 'bayou-basic', name: 'Bayou Basic', rule: 'access', why: 'sells access to the server itself' }],
};

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input) === '/api/auth/session')
    return new Response(JSON.stringify(adminSession), { headers: { 'content-type': 'application/json' } });
  if (String(input) === '/api/memberships/summary')
    return new Response(JSON.stringify(membershipSummary), { headers: { 'content-type': 'application/json' } });
  if (String(input).startsWith('/api/dashboard/charts'))
    return new Response(JSON.stringify(charts), { headers: { 'content-type': 'application/json' } });
  if (String(input).startsWith('/api/dashboard/reviewers'))
    return new Response(JSON.stringify(reviewerFigures), { headers: { 'content-type': 'application/json' } });
  if (String(input).startsWith('/api/dashboard/queue-waits'))
    return new Response(JSON.stringify(queueWaits), { headers: { 'content-type': 'application/json' } });
  if (String(input).startsWith('/api/emails'))
    return new Response(JSON.stringify({ emails: [] }), { headers: { 'content-type': 'application/json' } });
  if (String(input) === '/api/dashboard/rules')
    return new Response(JSON.stringify(storeRules), { headers: { 'content-type': 'application/json' } });
  const id = /\/api\/purchases\/([\w-]+)/.exec(String(input))?.[1];
  const found = id ? answer.purchases.find((one) => one.id === id) : undefined;
  const body = id
    ? found && {
        purchase: found,
        buyer: null,
        history: [],
        ledger: [],
        deliveries: [],
        grants: [],
        refund: { refundable: false, tokensToRemove: 0, roleToRemove: null, roleRetained: null, membership: null },
      }
    : answer;
  return new Response(JSON.stringify(body ?? { error: 'PURCHASE_NOT_FOUND' }), {
    status: body ? 200 : 404,
    headers: { 'content-type': 'application/json' },
  });
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PurchaseDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('purchase dashboard', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("says 'No purchases yet' when there are none", async () => {
    answer = { purchases: [], count: 0, revenue: 0, completed: 0, pending: 0, nextBefore: null, byStatus: byStatus() };
    renderPage();
    await screen.findByText('No purchases yet');
    expect(screen.getByTestId('summary-total-revenue').textContent).toBe('$0.00');
  });

  it('says which rules the store sells under, and warns where its settings break one', async () => {
    answer = { purchases: [], count: 0, revenue: 0, completed: 0, pending: 0, nextBefore: null, byStatus: byStatus() };
    renderPage();
    const licence = await screen.findByTestId('rule-licence');
    expect(licence.textContent).toBe(
      'FiveM platform licenceApplies (FIVEM_LISTED, on while GAME_API_KEY is set), but payments go through Stripe: a production start is refused until PAYMENT_GATEWAY=tebex.',
    );
    expect(screen.getByTestId('rule-receipts').textContent).toContain('buyers receive none until SMTP_URL is set');
    expect(screen.getByTestId('catalogue-risks').textContent).toContain(
      "1 of 18 catalogue items risk the platform's rulesBayou Basic: sells access to the server itself",
    );
  });

  it('shows the columns, colours, totals and details, and refreshes every 5 s and on Refresh', async () => {
    answer = {
      purchases: [
        purchase({ productName: 'Hood Package', productType: 'gang', price: 80, status: 'awaiting_payment' }),
        purchase({ productName: 'Custom Tattoos (Upper Body)', productType: 'addon', price: 75, status: 'failed' }),
        purchase({ productName: 'Discord Unban', productType: 'unban', price: 19.99, status: 'refunded' }),
        purchase({}),
      ],
      count: 4,
      revenue: 60,
      completed: 1,
      pending: 1,
      nextBefore: null,
      byStatus: byStatus(),
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    await screen.findByText('Hood Package');
    // the purchases table's own columns, not those of the charts' tables, which may have loaded first
    const table = screen.getByRole('table', { name: 'Recent purchases, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Customer', 'Product', 'Type', 'Amount', 'Status', 'Discord', 'Date', 'Actions']);
    const colours = (name: string) =>
      [...within(screen.getByText(name).closest('tr')!).getAllByText(/./, { selector: '[data-colour]' })].map((b) =>
        b.getAttribute('data-colour'),
      );
    expect(colours('Hood Package')).toEqual(['gang', 'awaiting_payment']);
    expect(colours('Custom Tattoos (Upper Body)')).toEqual(['addon', 'failed']);
    expect(colours('Discord Unban')).toEqual(['other', 'other']);
    expect(colours('Swamp Blood')).toEqual(['whitelist', 'completed']);
    expect(screen.getByTestId('summary-total-purchases').textContent).toBe('4');
    expect(screen.getByTestId('summary-total-revenue').textContent).toBe('$60.00');
    // the memberships strip: monthly recurring revenue and members per tier
    expect((await screen.findByTestId('mrr')).textContent).toBe('$220.00');
    expect(screen.getByTestId('members').textContent).toBe('3');
    expect(screen.getByTestId('members-cajun-royalty').textContent).toBe('2');
    expect(screen.getByText('$19.99')).toBeTruthy();

    const listCalls = () =>
      fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]) === '/api/purchases').length;
    const calls = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(listCalls()).toBe(calls + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listCalls()).toBe(calls + 2));

    fireEvent.click(within(screen.getByText('Swamp Blood').closest('tr')!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('jean@example.com');
    expect(dialog.textContent).toContain('100 held of 100');
  });

  it("shows each purchase's Discord delivery, and Retry on a failed one asks the server to send it again", async () => {
    const failedId = crypto.randomUUID();
    const delivery = (
      status: 'failed' | 'delivered' | 'not_configured',
      kind: 'grant_role' | 'remove_role' = 'grant_role',
    ) => ({
      id: status === 'failed' ? failedId : crypto.randomUUID(),
      kind,
      status,
      discordId: '123456789012345678',
      roleId: '500000000000000060',
      purchaseId: null,
      applicationId: null,
      attempts: status === 'not_configured' ? 0 : 3,
      nextAttemptAt: '2026-11-22T14:06:00.000Z',
      lastError:
        status === 'failed'
          ? 'Try 3: Discord answered 500.'
          : status === 'not_configured'
            ? 'Discord delivery is not configured.'
            : null,
      createdAt: '2026-11-22T14:06:00.000Z',
      deliveredAt: null,
    });
    answer = {
      purchases: [
        purchase({ productName: 'Hood Package', roleDelivery: delivery('failed') }),
        purchase({ productName: 'Swamp Blood', roleDelivery: delivery('delivered') }),
        purchase({
          productName: 'Bayou Basic',
          status: 'refunded',
          roleDelivery: delivery('delivered', 'remove_role'),
        }),
        purchase({ productName: 'Custom Chains', roleDelivery: delivery('not_configured') }),
        purchase({ productName: 'Discord Unban', status: 'awaiting_payment' }),
      ],
      count: 5,
      revenue: 0,
      completed: 3,
      pending: 1,
      nextBefore: null,
      byStatus: byStatus(),
    };
    renderPage();
    await screen.findByText('Hood Package');
    const state = (name: string) =>
      within(screen.getByText(name).closest('tr')!).queryByText(/./, { selector: '[data-delivery]' })?.textContent ??
      null;
    expect(state('Hood Package')).toBe('Grant failed');
    expect(state('Swamp Blood')).toBe('Role granted');
    expect(state('Bayou Basic')).toBe('Role removed');
    expect(state('Custom Chains')).toBe('Not configured');
    expect(state('Discord Unban')).toBeNull();
    const failedRow = within(screen.getByText('Hood Package').closest('tr')!);
    expect(failedRow.getByText('Try 3: Discord answered 500.')).toBeTruthy();
    expect(within(screen.getByText('Swamp Blood').closest('tr')!).queryByRole('button', { name: 'Retry' })).toBeNull();

    fireEvent.click(failedRow.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some((call) => String((call as unknown[])[0]) === `/api/deliveries/${failedId}/retry`),
      ).toBe(true),
    );
    const retryCall = fetchMock.mock.calls.find((call) =>
      String((call as unknown[])[0]).endsWith('/retry'),
    ) as unknown as [string, RequestInit];
    expect(retryCall[1].method).toBe('POST');
  });
});
