// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailDto } from '@contract/emails.ts';
import { PurchaseEmails } from './purchase-emails.tsx';

const email = (overrides: Partial<EmailDto>): EmailDto => ({
  id: crypto.randomUUID(),
  kind: 'purchase',
  status: 'sent',
  to: 'remy@example.com',
  subject: 'Your Bayou Roleplay receipt: Hood Package',
  purchaseId: 'p1',
  membershipId: null,
  attempts: 1,
  nextAttemptAt: '2026-11-22T14:06:00.000Z',
  lastError: null,
  createdAt: '2026-11-22T14:06:00.000Z',
  sentAt: '2026-11-22T14:06:01.000Z',
  ...overrides,
});

let emails: EmailDto[] = [];
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const retried = /\/api\/emails\/([\w-]+)\/retry$/.exec(String(input))?.[1];
  if (retried && init?.method === 'POST') {
    emails = emails.map((one) => (one.id === retried ? { ...one, status: 'sent' as const, lastError: null } : one));
    return json({ email: emails.find((one) => one.id === retried) });
  }
  return json({ emails });
});

function renderEmails(canRetry: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchaseEmails purchaseId="p1" canRetry={canRetry} />
    </QueryClientProvider>,
  );
}

describe("a purchase's emails in the staff dialog", () => {
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each email and whom it went to, and where it stands', async () => {
    emails = [email({}), email({ kind: 'gift_received', to: 'marigold@example.com', status: 'pending', sentAt: null })];
    renderEmails(true);
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    expect(screen.getByTestId('purchase-emails').textContent).toContain(
      'Gift received, to the recipient to marigold@example.com',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/emails?purchaseId=p1');
  });

  it('shows why a failed email was not sent, and retries it', async () => {
    const failed = email({
      status: 'failed',
      sentAt: null,
      lastError: 'Try 1: The mail server: 550 Mailbox unavailable',
    });
    emails = [failed];
    renderEmails(true);
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(screen.getByText(failed.lastError!)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === `/api/emails/${failed.id}/retry`)).toBe(true);
  });

  it('offers no Retry to staff who cannot refund', async () => {
    emails = [email({ status: 'failed', sentAt: null, lastError: 'Try 3: connect ECONNREFUSED' })];
    renderEmails(false);
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when a purchase sent no email', async () => {
    emails = [];
    renderEmails(true);
    expect(await screen.findByText('No email was sent for this purchase.')).toBeTruthy();
  });
});
