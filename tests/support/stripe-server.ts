import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, FakeStripe } from './fake-stripe.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-system.ts';

/** The real app configured for Stripe, pointed at a local Stripe fake. */
export async function startStripeTestServer(
  options: TestServerOptions = {},
): Promise<{ server: TestServer; fake: FakeStripe; stop(): Promise<void> }> {
  const fake = await new FakeStripe().start();
  const server = await startTestServer({
    ...options,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_local',
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      ...options.env,
    },
  });
  return {
    server,
    fake,
    stop: async () => {
      await server.stop();
      await fake.stop();
    },
  };
}

export function deliverWebhook(server: TestServer, event: { body: string; signature: string }): Promise<Response> {
  return fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature },
    body: event.body,
  });
}
