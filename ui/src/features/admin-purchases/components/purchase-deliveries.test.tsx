// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeliveryDto } from '@contract/deliveries.ts';
import type { PurchaseDetailDto } from '@contract/purchases.ts';
import { PurchaseDeliveries } from './purchase-deliveries.tsx';

const BUYER = '900000000000000001';
const RECIPIENT = '900000000000000002';
const delivery = (kind: DeliveryDto['kind'], discordId: string, status: DeliveryDto['status']): DeliveryDto => ({
  id: crypto.randomUUID(),
  kind,
  status,
  discordId,
  roleId: kind === 'grant_role' ? 'role-1' : null,
  purchaseId: 'p1',
  applicationId: null,
  attempts: 0,
  nextAttemptAt: '2026-11-22T14:06:00.000Z',
  lastError: null,
  createdAt: '2026-11-22T14:06:00.000Z',
  deliveredAt: null,
});
/** a gift that waited for its recipient's first sign-in, then was received */
const giftDetail = (status: DeliveryDto['status']) =>
  ({
    purchase: {
      gift: { name: 'Gumbo', discordId: RECIPIENT, userId: 'u2', months: null, deliveredAt: '2026-11-23T10:00:00Z' },
    },
    deliveries: [
      delivery('message_user', RECIPIENT, status),
      delivery('message_user', BUYER, status),
      delivery('grant_role', RECIPIENT, status),
      delivery('message_user', RECIPIENT, status),
      delivery('message_user', BUYER, status),
    ],
  }) as unknown as PurchaseDetailDto;

function renderDeliveries(detail: PurchaseDetailDto) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PurchaseDeliveries detail={detail} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('purchase-deliveries');
}

afterEach(cleanup);

describe("a gift's Discord deliveries in the purchase dialog", () => {
  it('with no bot set up: one line naming each delivery once, not a "Not configured" row each', () => {
    const list = renderDeliveries(giftDetail('not_configured'));
    expect(list.querySelectorAll('li')).toHaveLength(1);
    expect(list.textContent).toBe(
      "Not sent, the site's Discord bot is not set up: Message to Gumbo, the recipient (2), Message to the buyer (2), Role grant to Gumbo, the recipient.",
    );
    expect(list.textContent).not.toContain('Not configured');
  });

  it("once sent: each row says whom it went to, the buyer's and the recipient's apart", () => {
    const list = renderDeliveries(giftDetail('delivered'));
    const heads = [...list.querySelectorAll('li > span:first-child')].map((span) => span.textContent);
    expect(heads).toEqual([
      'Message to Gumbo, the recipient',
      'Message to the buyer',
      'Role grant to Gumbo, the recipient',
      'Message to Gumbo, the recipient',
      'Message to the buyer',
    ]);
  });
});
