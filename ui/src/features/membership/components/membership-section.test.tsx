// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipDto, MembershipPreviewDto } from '@contract/memberships.ts';
import { ActionDialog } from './membership-dialogs.tsx';
import { MembershipSection } from './membership-section.tsx';

function membership(overrides: Partial<MembershipDto>): MembershipDto {
  return {
    id: 'm1',
    tierId: 'swamp-blood',
    tierName: 'Swamp Blood',
    status: 'active',
    cancelAtPeriodEnd: false,
    amount: 60,
    tokensPerMonth: 100,
    currentPeriodStart: '2026-11-24T12:00:00.000Z',
    currentPeriodEnd: '2026-12-24T12:00:00.000Z',
    graceUntil: null,
    pendingTierId: null,
    pendingTierName: null,
    nextCharge: { date: '2026-12-24T12:00:00.000Z', amount: 60, tierId: 'swamp-blood', tierName: 'Swamp Blood' },
    benefitsUntil: null,
    startedAt: '2026-11-24T12:00:00.000Z',
    endedAt: null,
    endReason: null,
    unpaidRenewalId: null,
    billedBy: 'demo',
    gifted: false,
    gift: null,
    ...overrides,
  };
}

let mine: MembershipDto | null;
let tierPreview: MembershipPreviewDto | null = null;
const posted: string[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (init?.method === 'POST') posted.push(url);
  if (url === '/api/membership/resume' && mine) {
    mine = { ...mine, cancelAtPeriodEnd: false };
    return json({ membership: mine });
  }
  if (url === '/api/membership') return json({ membership: mine });
  if (url === '/api/membership/preview?action=resume' && mine)
    return json({
      action: 'resume',
      nextCharge: { date: mine.currentPeriodEnd, amount: 60, tierName: 'Swamp Blood' },
    });
  if (url.startsWith('/api/membership/preview?action=change-tier') && tierPreview) return json(tierPreview);
  if (url === '/api/payments/config') return json({ mode: 'demo', publishableKey: null });
  if (url === '/api/membership/pay-renewal')
    return json({
      purchaseId: 'p2',
      paymentIntentId: 'pi_2',
      clientSecret: 'pi_2_secret_x',
      amount: 60,
      productName: 'Swamp Blood',
    });
  return json({ error: 'NOT_FOUND', message: 'Not found' }, 404);
});

function renderSection(ui = <MembershipSection />) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** the server's preview of a move from Bayou Basic to `tierName` under a $5.00-a-month coupon */
function underCoupon(
  overrides: Partial<Extract<MembershipPreviewDto, { action: 'change-tier' }>>,
): MembershipPreviewDto {
  return {
    action: 'change-tier',
    kind: 'upgrade',
    tierName: 'Parish Life',
    chargeNow: 13.33,
    tokensNow: 25,
    startsAt: '2026-11-04T12:00:00.000Z',
    nextCharge: { date: '2026-11-24T12:00:00.000Z', amount: 35, tierName: 'Parish Life' },
    coupon: { code: 'BAYOU25', offNow: 5, offNext: 5 },
    ...overrides,
  };
}

describe('the account page Priority Pass section', () => {
  beforeEach(() => {
    posted.length = 0;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows an active membership with its next renewal date and amount, and Cancel and Change tier', async () => {
    mine = membership({});
    renderSection();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Active');
    expect(screen.getByTestId('membership-next').textContent).toBe('Next renewal: Dec 24, 2026, $60.00');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change tier' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now with another card' })).toBeNull();
  });

  it('a canceled membership says when it ends and offers Resume, which asks the server', async () => {
    mine = membership({ cancelAtPeriodEnd: true, nextCharge: null, benefitsUntil: '2026-12-24T12:00:00.000Z' });
    renderSection();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Canceling');
    expect(screen.getByTestId('membership-next').textContent).toBe(
      'Ends on Dec 24, 2026. Nothing more will be charged.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    // the dialog states what the server's preview says, and its button names the charge
    const dialog = await screen.findByRole('dialog', { name: 'Resume your Priority Pass?' });
    expect(posted).toEqual([]);
    await waitFor(() => expect(dialog.textContent).toContain('$60.00 is charged to your card then'));
    fireEvent.click(screen.getByRole('button', { name: /^Resume: \$60\.00 on / }));
    await waitFor(() => expect(posted).toEqual(['/api/membership/resume']));
    await waitFor(() => expect(screen.getByTestId('membership-status').textContent).toBe('Active'));
  });

  it('a past-due membership says until when benefits last and opens the card form for the missed month', async () => {
    mine = membership({
      status: 'past_due',
      nextCharge: null,
      graceUntil: '2026-12-27T12:00:00.000Z',
      unpaidRenewalId: 'p2',
    });
    renderSection();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Past due');
    expect(screen.getByTestId('membership-next').textContent).toBe(
      'Your last renewal did not go through. Benefits last until Dec 27, 2026.',
    );
    expect(screen.queryByRole('button', { name: 'Change tier' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now with another card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay this month with another card' });
    // the card form's code loads first
    await waitFor(() => expect(posted).toContain('/api/membership/pay-renewal'), { timeout: 5_000 });
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(dialog.textContent).toContain('Your Swamp Blood renewal of $60.00 did not go through.');
    expect(screen.getByRole('button', { name: 'Pay now $60.00' })).toBeTruthy();
  });

  it('a gifted pass says its tokens all came at once, when, and when it ends: not a monthly amount', async () => {
    mine = membership({
      gifted: true,
      gift: { months: 3, tokens: 300 },
      cancelAtPeriodEnd: true,
      nextCharge: null,
      startedAt: '2026-11-24T12:00:00.000Z',
      currentPeriodEnd: '2027-02-24T12:00:00.000Z',
    });
    renderSection();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Gift');
    expect(screen.getByTestId('membership-terms').textContent).toBe('A 3-month gift · 300 tokens, all at once');
    expect(screen.getByTestId('membership-gifted').textContent).toBe(
      'A gift: all 300 tokens were added at once on Nov 24, 2026, and no more follow. Buy your own pass after it ends.',
    );
    expect(screen.getByTestId('membership-next').textContent).toBe(
      'Ends on Feb 24, 2027. Nothing more will be charged.',
    );
    expect(screen.getByTestId('membership').textContent).not.toContain('every month');
  });

  it("an upgrade under a coupon says the coupon's amount comes off either tier, and names the renewal with it", async () => {
    mine = membership({ tierId: 'bayou-basic', tierName: 'Bayou Basic', amount: 20, tokensPerMonth: 25 });
    tierPreview = underCoupon({});
    renderSection(
      <ActionDialog
        action={{ kind: 'change-tier', tierId: 'parish-life' }}
        membership={mine}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    );
    const preview = await screen.findByTestId('membership-preview');
    expect(preview.textContent).toContain('$13.33 is charged to your card now');
    expect(preview.textContent).toContain(
      "Your coupon BAYOU25 takes the same $5.00 off this month whichever tier you hold, so the charge is the tiers' difference.",
    );
    expect(preview.textContent).toContain(
      'From Nov 24, 2026 you pay $35.00 (your coupon BAYOU25 takes $5.00 off) a month.',
    );
    expect(screen.getByRole('button', { name: 'Pay $13.33 and upgrade' })).toBeTruthy();
  });

  it('a downgrade whose renewal the coupon no longer covers says so', async () => {
    mine = membership({});
    tierPreview = underCoupon({
      kind: 'downgrade',
      tierName: 'Bayou Basic',
      chargeNow: 0,
      tokensNow: 0,
      nextCharge: { date: '2026-12-24T12:00:00.000Z', amount: 20, tierName: 'Bayou Basic' },
      coupon: { code: 'FIRST', offNow: 0, offNext: 0 },
    });
    renderSection(
      <ActionDialog
        action={{ kind: 'change-tier', tierId: 'bayou-basic' }}
        membership={mine}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect((await screen.findByTestId('membership-preview')).textContent).toContain(
      'Then Bayou Basic starts, at $20.00 (your coupon FIRST no longer covers it) a month.',
    );
  });

  it('an ended membership links to start a new one', async () => {
    mine = membership({
      status: 'ended',
      nextCharge: null,
      endedAt: '2026-12-24T12:00:00.000Z',
      endReason: 'it was canceled.',
    });
    renderSection();
    expect((await screen.findByTestId('membership-status')).textContent).toBe('Ended');
    expect(screen.getByRole('link', { name: 'Start a new membership' }).getAttribute('href')).toBe('/whitelist');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
