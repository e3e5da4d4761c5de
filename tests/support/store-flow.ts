import { expect } from 'vitest';
import { client } from './http.ts';
import type { SignedIn } from './session.ts';
import type { TestServer } from './test-system.ts';
import { AGREED } from './checkout-terms.ts';

/** Buys a product on the demo gateway as a browser would: intent, card 4242, completion. */
export async function buyWithDemoCard(
  baseUrl: string,
  buyer: Pick<SignedIn, 'cookie'>,
  item: {
    productType: string;
    productId: string;
    option?: string;
    banReason?: string;
    buyerDiscord?: string;
    couponCode?: string;
  },
) {
  const http = client(baseUrl, buyer.cookie);
  const started = await http.post('/api/create-payment-intent', { ...AGREED, ...item });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const paid = await http.post('/api/payments/demo/confirm', {
    clientSecret: started.body.clientSecret,
    cardNumber: '4242424242424242',
  });
  expect(paid.body.paymentIntent.status).toBe('succeeded');
  const completed = await http.post('/api/complete-purchase', { paymentIntentId: started.body.paymentIntentId });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  return {
    http,
    purchaseId: started.body.purchaseId as string,
    intentId: started.body.paymentIntentId as string,
    /** what the server answered the checkout and the completion */
    started: started.body,
    completed: completed.body,
  };
}

/**
 * Today's purchases the dashboard's chart tests count, with the coupon they use: $50, $80 less 25 % ($60), a $150
 * one refunded by `admin`, and a month of Bayou Basic ($20), all by `buyer`.
 */
export async function chartedDayOfPurchases(
  server: TestServer,
  admin: ReturnType<typeof client>,
  buyer: Pick<SignedIn, 'cookie'>,
): Promise<void> {
  const { database, core } = server.system;
  await database.withContext(() =>
    core.promotions.createCoupon.execute({ code: 'CHARTS25', percentOff: 25, createdBy: null }),
  );
  await buyWithDemoCard(server.url, buyer, { productType: 'gang', productId: 'starter-gang' });
  await buyWithDemoCard(server.url, buyer, { productType: 'gang', productId: 'hood-package', couponCode: 'CHARTS25' });
  const refunded = await buyWithDemoCard(server.url, buyer, { productType: 'gang', productId: 'swamp-syndicate' });
  const refund = await admin.post(`/api/purchases/${refunded.purchaseId}/refund`, { reason: 'Bought by mistake.' });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
  await buyWithDemoCard(server.url, buyer, { productType: 'whitelist', productId: 'bayou-basic' });
}
