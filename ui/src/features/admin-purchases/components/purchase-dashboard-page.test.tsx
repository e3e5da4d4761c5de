// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseDto, PurchasesResponse } from '../../../../../adapters/http/contract/purchases.ts';
import PurchaseDashboardPage from './purchase-dashboard-page.tsx';

function purchase(overrides: Partial<PurchaseDto>): PurchaseDto {
  return {
    id: crypto.randomUUID(), productType: 'whitelist', productId: 'swamp-blood', optionId: null, productName: 'Swamp Blood', price: 60,
    buyerEmail: 'jean@example.com', buyerDiscord: 'jean_baptiste', paymentIntentId: 'pi_1', status: 'completed', tokensGranted: 100,
    tokensAwarded: 100, failureReason: null, createdAt: '2026-11-22T14:05:00.000Z', completedAt: '2026-11-22T14:06:00.000Z', ...overrides,
  };
}

let answer: PurchasesResponse;
const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter><PurchaseDashboardPage /></MemoryRouter>
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
    answer = { purchases: [], count: 0, revenue: 0, completed: 0, pending: 0, nextBefore: null };
    renderPage();
    await screen.findByText('No purchases yet');
    expect(screen.getByTestId('summary-total-revenue').textContent).toBe('$0.00');
  });

  it('shows the columns, colours, totals and details, and refreshes every 5 s and on Refresh', async () => {
    answer = {
      purchases: [
        purchase({ productName: 'Hood Package', productType: 'gang', price: 80, status: 'pending' }),
        purchase({ productName: 'Custom Tattoos (Upper Body)', productType: 'addon', price: 75, status: 'failed' }),
        purchase({ productName: 'Discord Unban', productType: 'unban', price: 19.99, status: 'refunded' }),
        purchase({}),
      ],
      count: 4, revenue: 60, completed: 1, pending: 1, nextBefore: null,
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    await screen.findByText('Hood Package');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Customer', 'Product', 'Type', 'Amount', 'Status', 'Date', 'Actions']);
    const colours = (name: string) =>
      [...within(screen.getByText(name).closest('tr')!).getAllByText(/./, { selector: '[data-colour]' })].map((b) => b.getAttribute('data-colour'));
    expect(colours('Hood Package')).toEqual(['gang', 'pending']);
    expect(colours('Custom Tattoos (Upper Body)')).toEqual(['addon', 'failed']);
    expect(colours('Discord Unban')).toEqual(['other', 'other']);
    expect(colours('Swamp Blood')).toEqual(['whitelist', 'completed']);
    expect(screen.getByTestId('summary-total-purchases').textContent).toBe('4');
    expect(screen.getByTestId('summary-total-revenue').textContent).toBe('$60.00');
    expect(screen.getByText('$19.99')).toBeTruthy();

    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 2));

    fireEvent.click(within(screen.getByText('Swamp Blood').closest('tr')!).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('jean@example.com');
    expect(dialog.textContent).toContain('100 awarded of 100');
  });
});
