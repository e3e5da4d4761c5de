// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_RECENT_PURCHASES } from '../data/recent-purchases-sample.ts';
import { RecentPurchasesPanel } from './recent-purchases-panel.tsx';

const items = () => within(screen.getByRole('complementary', { name: 'Recent Purchases' })).getAllByRole('listitem');
const shownItems = () => items().map((entry) => entry.textContent);
const sample = (index: number) => SAMPLE_RECENT_PURCHASES[index].item;
const toggle = () => screen.getByRole('button', { name: 'Recent Purchases' });
/** The panel starts folded; the entries are read once it is opened. */
function renderOpen(element: React.ReactElement) {
  render(element);
  fireEvent.click(toggle());
}

describe('Recent Purchases panel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('holds the 15 sample purchases, priced 15 to 199', () => {
    expect(SAMPLE_RECENT_PURCHASES).toHaveLength(15);
    const amounts = SAMPLE_RECENT_PURCHASES.map((entry) => entry.amount);
    expect(Math.min(...amounts)).toBe(15);
    expect(Math.max(...amounts)).toBe(199);
  });

  it('starts folded to its button, opens and folds with it, and folds when focus moves elsewhere on the page', () => {
    render(
      <>
        <a href="/whitelist">Priority Pass</a>
        <RecentPurchasesPanel />
      </>,
    );
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(within(screen.getByRole('complementary', { name: 'Recent Purchases' })).queryAllByRole('listitem')).toEqual(
      [],
    );
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(items()).toHaveLength(6);
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    act(() => screen.getByRole('link', { name: 'Priority Pass' }).focus());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('shows 6 entries, adds the next at the top every 8 s, drops the oldest and highlights the newest', () => {
    renderOpen(<RecentPurchasesPanel />);
    expect(items()).toHaveLength(6);
    expect(items()[0].textContent).toContain(sample(0));
    expect(items()[0].getAttribute('data-newest')).toBe('true');
    expect(shownItems().join()).not.toContain(sample(6));

    act(() => vi.advanceTimersByTime(7999));
    expect(items()[0].textContent).toContain(sample(0));
    act(() => vi.advanceTimersByTime(1));
    expect(items()).toHaveLength(6);
    expect(items()[0].textContent).toContain(sample(6));
    expect(items()[0].getAttribute('data-newest')).toBe('true');
    expect(items().filter((entry) => entry.getAttribute('data-newest'))).toHaveLength(1);
    expect(shownItems().join()).not.toContain(sample(5));
    expect(items()[1].textContent).toContain(sample(0));
  });

  it('goes back to the first six once all 15 have been shown', () => {
    renderOpen(<RecentPurchasesPanel />);
    act(() => vi.advanceTimersByTime(8000 * 9));
    expect(items()[0].textContent).toContain(sample(14));
    act(() => vi.advanceTimersByTime(8000));
    expect(items().map((entry) => entry.textContent)).toEqual(
      SAMPLE_RECENT_PURCHASES.slice(0, 6).map((entry) => expect.stringContaining(entry.item) as unknown as string),
    );
  });

  it('shows each entry with its price and how long ago it sold', () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    renderOpen(
      <RecentPurchasesPanel
        items={[
          { name: 'Jean B.', item: 'Swamp Blood', amount: 60, purchasedAt: ago(2) },
          { name: 'Remy F.', item: 'Discord Unban', amount: 19.99, purchasedAt: ago(3 * 60) },
          { name: 'Gus H.', item: 'City Unban', amount: 199, purchasedAt: ago(0) },
        ]}
      />,
    );
    expect(shownItems()).toEqual([
      'Jean B.$60Swamp Blood2 minutes ago',
      'Remy F.$19.99Discord Unban3 hours ago',
      'Gus H.$199City Unbanjust now',
    ]);
  });

  it('shows the entries it is given instead of the samples', () => {
    const fed = SAMPLE_RECENT_PURCHASES.slice(0, 3).map((entry, index) => ({
      ...entry,
      name: `Buyer ${index}.`,
      item: `Real item ${index}`,
    }));
    renderOpen(<RecentPurchasesPanel items={fed} />);
    expect(items()).toHaveLength(3);
    expect(items()[0].textContent).toContain('Real item 0');
    act(() => vi.advanceTimersByTime(16000));
    expect(items()[0].textContent).toContain('Real item 0');
  });
});
