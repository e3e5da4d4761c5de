// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PermissionStateDto, PlayerProfileDto } from '@contract/players.ts';
import { AdminActions } from './admin-actions.tsx';
import { PermissionsSection } from './permissions-section.tsx';

const state = (
  permission: PermissionStateDto['permission'],
  label: string,
  held: boolean,
  source: PermissionStateDto['source'] = held ? 'role' : 'none',
  impliedBy: PermissionStateDto['impliedBy'] = null,
): PermissionStateDto => ({ permission, label, held, source, impliedBy });

/** a moderator's preset: reviews and players, neither refunds nor the purchases */
const moderator = [
  state('review-whitelist', 'Review whitelist applications', true),
  state('view-purchases', 'View purchases and revenue', false),
  state('refund', 'Issue refunds', false),
  state('view-players', 'View players', true),
];

function renderWith(element: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
}

const note = (name: string) => {
  const box = screen.getByRole('checkbox', { name });
  return {
    box: box as HTMLInputElement,
    text: document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent,
  };
};

afterEach(cleanup);

describe('the permission editor says what comes along before saving', () => {
  it('Issue refunds says it brings View purchases and revenue before it is ticked, and both rows say so once it is', () => {
    renderWith(<PermissionsSection playerId="p1" name="Remy" permissions={moderator} />);
    expect(note('Issue refunds').text).toBe('Not held. Granting it brings View purchases and revenue');

    fireEvent.click(note('Issue refunds').box);
    expect(note('Issue refunds').text).toBe('Will be granted, with View purchases and revenue');
    const purchases = note('View purchases and revenue');
    expect(purchases.text).toBe('Will come with Issue refunds');
    expect(purchases.box.checked).toBe(true);
    expect(purchases.box.disabled).toBe(true);

    fireEvent.click(note('Issue refunds').box);
    expect(note('View purchases and revenue').text).toBe('Not held');
    expect(note('View purchases and revenue').box.checked).toBe(false);
  });

  it('clearing Issue refunds says View purchases and revenue goes with it when it came only with refunds', () => {
    renderWith(
      <PermissionsSection
        playerId="p1"
        name="Remy"
        permissions={[
          state('view-purchases', 'View purchases and revenue', true, 'implied', 'refund'),
          state('refund', 'Issue refunds', true, 'granted'),
        ]}
      />,
    );
    fireEvent.click(note('Issue refunds').box);
    expect(note('Issue refunds').text).toBe('Will be revoked, with View purchases and revenue');
    expect(note('View purchases and revenue').text).toBe('Will go with Issue refunds');
    expect(note('View purchases and revenue').box.checked).toBe(false);
  });
});

const player: PlayerProfileDto = {
  id: 'p1',
  name: 'Remy',
  discordUsername: 'remy',
  discordId: '900000000000000001',
  username: 'Remy',
  role: 'player',
  boughtTokens: 0,
  tokens: 0,
  isWhitelisted: true,
  whitelistedBy: 'application',
  priority: 0,
  membership: null,
  banned: false,
  bannedAt: null,
  banReason: null,
  storeBan: null,
  ageDeclaration: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('the ban dialog says what a ban does', () => {
  it('a banned player keeps a restricted session that reaches only the appeal, and cannot buy or play', () => {
    renderWith(<AdminActions player={player} selfDiscordId="1" allowed={{ tokens: false, ban: true, role: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    const dialog = within(screen.getByRole('dialog'));
    const words = dialog.getByText(/restricted session/).textContent;
    expect(words).toBe(
      'Remy can still sign in, but only to a restricted session that shows the reason and reaches nothing but their ban appeal. They cannot buy, use the rest of the site or join the game server.',
    );
    expect(screen.getByRole('dialog').textContent).not.toContain('will not be able to sign in');
  });
});
