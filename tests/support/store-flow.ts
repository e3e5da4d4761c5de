import { expect } from 'vitest';
import { client } from './http.ts';
import type { SignedIn } from './session.ts';

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
  const started = await http.post('/api/create-payment-intent', item);
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
