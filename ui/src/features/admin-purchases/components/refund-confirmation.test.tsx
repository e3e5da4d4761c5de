// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseDetailDto } from '@contract/purchases.ts';
import { PurchaseDetailsDialog } from './purchase-details-dialog.tsx';

const session = {
  user: {
    username: 'Papa',
    discordUsername: 'Papa',
    email: null,
    discordId: '1001',
    role: 'admin',
    permissions: ['view-purchases', 'refund'],
  },
};

/** a gift paid through Stripe by Papa Legba for Marigold, as the server details it */
function giftDetail(overrides: { purchase?: object; refund?: object }): PurchaseDetailDto {
  return {
    purchase: {
      id: 'p1',
      userId: 'buyer',
      productType: 'gang',
      productId: 'hood-package',
      optionId: null,
      productName: 'Hood Package',
      price: 80,
      amountPaid: 80,
      listPrice: 80,
      discount: 0,
      couponCode: null,
      saleName: null,
      paymentReference: null,
      buyerEmail: null,
      buyerDiscord: 'papa_legba',
      banReason: null,
      paymentIntentId: 'pi_1',
      gateway: 'stripe',
      status: 'completed',
      tokensGranted: 80,
      tokensAwarded: 80,
      failureReason: null,
      createdAt: '2026-11-22T14:05:00.000Z',
      completedAt: '2026-11-22T14:06:00.000Z',
      roleDelivery: null,
      creatorCode: null,
      creatorCodeStatus: null,
      reportedCreatorCode: null,
      reportedCouponCodes: null,
      giftTo: 'Marigold (222222222222222222)',
      giftMonths: null,
      gift: { name: 'Marigold', discordId: '222222222222222222', userId: 'friend', months: null, deliveredAt: null },
      ...overrides.purchase,
    },
    buyer: { id: 'buyer', name: 'Papa Legba', discordId: '111111111111111111', discordUsername: null, tokens: 0 },
    history: [],
    ledger: [],
    deliveries: [],
    grants: [],
    refund: {
      refundable: true,
      tokensToRemove: 80,
      tokensFrom: { name: 'Marigold', recipient: true },
      roleToRemove: '444444444444444444',
      roleRetained: null,
      membership: null,
      ...overrides.refund,
    },
  } as unknown as PurchaseDetailDto;
}

let detail: PurchaseDetailDto;
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
  String(input) === '/api/auth/session'
    ? json(session)
    : String(input).startsWith('/api/emails')
      ? json({ emails: [] })
      : json(detail),
);

async function openRefund(): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PurchaseDetailsDialog purchaseId="p1" onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
  return (await screen.findByRole('dialog', { name: 'Refund this purchase?' })).textContent ?? '';
}

describe("a refund's confirmation names whose money and tokens", () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("a gift's tokens and role come back from its recipient; the money goes to the buyer's card", async () => {
    detail = giftDetail({});
    const terms = await openRefund();
    expect(terms).toContain('$80.00 goes back to the card of the buyer, Papa Legba, for Hood Package.');
    expect(terms).toContain("80 tokens will be removed from Marigold (the gift's recipient).");
    expect(terms).toContain(
      "The Discord role 444444444444444444 will be removed from Marigold (the gift's recipient).",
    );
    expect(terms).not.toContain('from the buyer');
  });

  it("the buyer's own purchase names the buyer", async () => {
    detail = giftDetail({
      purchase: { gift: null, giftTo: null },
      refund: { tokensToRemove: 0, tokensFrom: { name: 'Papa Legba', recipient: false }, roleToRemove: null },
    });
    const terms = await openRefund();
    expect(terms).toContain('No tokens will be removed: Papa Legba (the buyer) holds none from it.');
  });

  it('a gifted pass ends whole, whatever month it is in', async () => {
    detail = giftDetail({
      purchase: {
        productType: 'whitelist',
        productId: 'swamp-blood',
        productName: 'Swamp Blood',
        price: 180,
        gift: { name: 'Marigold', discordId: '222222222222222222', userId: 'friend', months: 3, deliveredAt: null },
      },
      refund: { tokensToRemove: 300, membership: 'goes_on' },
    });
    const terms = await openRefund();
    expect(terms).toContain("300 tokens will be removed from Marigold (the gift's recipient).");
    expect(terms).toContain('The gifted Priority Pass ends now: it was paid back whole.');
    expect(terms).not.toContain('the refund does not end the Priority Pass');
  });
});
