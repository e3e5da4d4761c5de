// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerProfileDto } from '@contract/players.ts';
import { AdminActions } from './admin-actions.tsx';

/** the parts of a player's page the token dialog reads: the name and the balance */
const player = { id: 'p1', name: 'Remy', discordId: '900000000000000001', tokens: 120 } as PlayerProfileDto;

function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminActions player={player} selfDiscordId="1" allowed={{ tokens: true, ban: false, role: false }} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Adjust tokens' }));
  return screen.getByRole('dialog', { name: 'Adjust tokens' });
}

afterEach(cleanup);

describe('the token adjustment names whose tokens and how many before saving', () => {
  it('taking tokens says from whom, how many, and what the balance becomes; the button names it', () => {
    openDialog();
    expect(screen.getByTestId('token-change').textContent).toBe('Remy holds 120 tokens.');
    fireEvent.click(screen.getByRole('radio', { name: 'Take tokens' }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '50' } });
    expect(screen.getByTestId('token-change').textContent).toBe('Remy holds 120 tokens. Taking 50 leaves 70.');
    expect(screen.getByRole('button', { name: 'Take 50 tokens from Remy' })).toBeTruthy();
  });

  it('adding names the new balance; taking more than is held says it will be refused', () => {
    openDialog();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1000' } });
    expect(screen.getByTestId('token-change').textContent).toBe('Remy holds 120 tokens. Adding 1,000 leaves 1,120.');
    expect(screen.getByRole('button', { name: 'Add 1,000 tokens to Remy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Take tokens' }));
    expect(screen.getByTestId('token-change').textContent).toBe(
      'Remy holds 120 tokens. Taking 1,000 is more than that, so it will be refused.',
    );
  });
});
