import { Agent, request } from 'node:http';
import { WITHDRAWAL_CONSENT } from '../core/purchases/model/withdrawal-consent.ts';

/** the withdrawal consent ticked and the age declared, as the checkout page sends them */
const TERMS = { withdrawalConsent: WITHDRAWAL_CONSENT.version, ageDeclaration: 'adult' } as const;

/** what a launch evening's rush asks: 30 players at once, each buying these 4 items at the same moment */
export const RUSH_PLAYERS = 30;
export const RUSH_ITEMS = [
  { productType: 'gang', productId: 'starter-gang' },
  { productType: 'gang', productId: 'hood-package' },
  { productType: 'gang', productId: 'swamp-syndicate' },
  { productType: 'addon', productId: 'custom-tattoos', option: 'upper-body' },
] as const;

export interface RushRound {
  purchases: number;
  seconds: number;
  /** each purchase's three calls, from the first sent to the last answered, in ms */
  p50: number;
  p99: number;
  failures: number;
  /** what failed, by call and status */
  failed: Record<string, number>;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

/**
 * One rush on the demo card gateway: every player sends all of their purchases at once, each through the payment
 * page's three calls in turn (the checkout, the card payment, the completion), as the page sends them. `cookies` are
 * the players' signed session cookies, one each.
 */
export async function rushRound(siteUrl: string, cookies: readonly string[]): Promise<RushRound> {
  const agent = new Agent({ keepAlive: true, maxSockets: cookies.length * RUSH_ITEMS.length });
  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    new Promise<Answer>((done, fail) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const sent = request(
        `${siteUrl}${path}`,
        {
          method,
          agent,
          headers: {
            cookie,
            origin: siteUrl,
            ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        },
      );
      sent.on('error', fail);
      sent.end(data);
    });
  try {
    // each player's session read once, as the store page has before the rush
    await Promise.all(cookies.map((cookie) => call('GET', '/api/user/tokens', cookie)));
    const times: number[] = [];
    const failed: Record<string, number> = {};
    const fail = (what: string, answer: Answer) => {
      const key = `${what} ${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}`;
      failed[key] = (failed[key] ?? 0) + 1;
    };
    const began = performance.now();
    await Promise.all(
      cookies.flatMap((cookie) =>
        RUSH_ITEMS.map(async (item) => {
          const started = performance.now();
          const checkout = await call('POST', '/api/create-payment-intent', cookie, { ...item, ...TERMS });
          if (checkout.status !== 200) return fail('checkout', checkout);
          const paid = await call('POST', '/api/payments/demo/confirm', cookie, {
            clientSecret: checkout.body?.clientSecret,
            cardNumber: '4242424242424242',
          });
          if (paid.status !== 200) return fail('card payment', paid);
          const completed = await call('POST', '/api/complete-purchase', cookie, {
            paymentIntentId: checkout.body?.paymentIntentId,
          });
          if (completed.status !== 200) return fail('completion', completed);
          times.push(performance.now() - started);
        }),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    times.sort((a, b) => a - b);
    const at = (share: number) => Math.round(times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0);
    return {
      purchases: times.length,
      seconds,
      p50: at(0.5),
      p99: at(0.99),
      failures: Object.values(failed).reduce((sum, n) => sum + n, 0),
      failed,
    };
  } finally {
    agent.destroy();
  }
}
