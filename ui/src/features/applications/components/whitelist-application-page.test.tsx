// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyApplicationsDto } from '@contract/applications.ts';
import type { CurrentUserDto } from '@contract/auth.ts';
import WhitelistApplicationPage from './whitelist-application-page.tsx';

type Mine = MyApplicationsDto['applications'];

const user: CurrentUserDto = {
  username: 'Remy',
  discordUsername: 'remy',
  email: 'remy@example.com',
  discordId: '900000000000000001',
  role: 'player',
  permissions: [],
  ageDeclared: true,
};
let applications: Mine;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (path: string) =>
  path === '/api/auth/session' ? json({ user }) : json({ applications }),
);

const application = (
  status: string,
  createdAt: string,
  reviewedAt: string | null = null,
  more: { applicantMessage?: string; applyAgainAt?: string } = {},
) => ({
  id: crypto.randomUUID(),
  status,
  createdAt,
  reviewedAt,
  applicantMessage: more.applicantMessage ?? null,
  applyAgainAt: more.applyAgainAt ?? null,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/apply']}>
        <WhitelistApplicationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/apply', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells an approved player they are already whitelisted, with where to go next, and shows no form', async () => {
    applications = [
      application('approved', '2026-11-20T10:00:00.000Z', '2026-11-21T12:00:00.000Z'),
      application('rejected', '2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z'),
    ];
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'You are already whitelisted.' });
    expect(screen.getByTestId('application-status').textContent).toBe('approved');
    expect(screen.getByTestId('application-status').parentElement!.textContent).toContain('approved on Nov 21, 2026.');
    expect(screen.getByRole('link', { name: 'Read the Server Rules' }).getAttribute('href')).toBe('/server-rules');
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('form', { name: 'Whitelist application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
  });

  it('shows a player rejected a while ago their status, the message and the form to apply again', async () => {
    applications = [
      application('rejected', '2026-11-01T10:00:00.000Z', '2026-11-02T10:00:00.000Z', {
        applicantMessage: 'Give your character a real backstory.',
        applyAgainAt: '2026-11-09T00:00:00.000Z',
      }),
    ];
    renderPage();
    await screen.findByRole('form', { name: 'Whitelist application' });
    expect(screen.getByTestId('application-status').textContent).toBe('rejected');
    expect(screen.getByTestId('applicant-message').textContent).toBe('Give your character a real backstory.');
    expect(screen.getByText('You can send a new application below.')).toBeTruthy();
    expect(screen.queryByText('You are already whitelisted.')).toBeNull();
  });

  it('shows a player rejected this week the day they may apply again, and no form', async () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const again = new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate()));
    applications = [
      application('rejected', new Date().toISOString(), new Date().toISOString(), {
        applyAgainAt: again.toISOString(),
      }),
    ];
    renderPage();
    const date = await screen.findByTestId('apply-again-date');
    expect(date.textContent).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(again),
    );
    expect(screen.queryByRole('form', { name: 'Whitelist application' })).toBeNull();
  });

  it('shows only the status while an application is pending', async () => {
    applications = [application('pending', '2026-11-22T10:00:00.000Z')];
    renderPage();
    await screen.findByTestId('application-status');
    expect(screen.getByTestId('application-status').textContent).toBe('pending');
    expect(screen.queryByRole('form', { name: 'Whitelist application' })).toBeNull();
  });
});
