import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths, stripeCheckoutPath } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';
import { type PaymentsConfigDto, WITHDRAWAL_CONSENT } from '@contract/payments.ts';
import { createPaymentIntent } from '../api/payments.ts';

type Status = 'PASS' | 'FAIL' | 'ERROR' | 'TESTING';

interface Check {
  name: string;
  run: () => Promise<{ pass: boolean; detail: string }>;
}

/** The self-test (docs/product.md#checkout-pages): a $20 intent for bayou-basic is created for real, as a buyer's would be. */
const CHECKS: Check[] = [
  {
    name: 'Signed in',
    run: async () => {
      const user = await api.get<{ username?: string | null; discordUsername?: string | null } | null>(
        '/api/auth/user',
        { on401: 'returnNull' },
      );
      return { pass: Boolean(user), detail: user ? `as ${user.username ?? user.discordUsername}` : 'not signed in' };
    },
  },
  {
    name: 'Payment key loaded',
    run: async () => {
      const config = await api.get<PaymentsConfigDto>('/api/payments/config');
      if (config.mode === 'demo') return { pass: true, detail: 'demo payments (no Stripe keys configured)' };
      return {
        pass: Boolean(config.publishableKey),
        detail: config.publishableKey ? `${config.publishableKey.slice(0, 12)}...` : 'no publishable key',
      };
    },
  },
  {
    name: 'Token balance endpoint',
    run: async () => {
      const balance = await api.get<{ tokens: number }>('/api/user/tokens');
      return { pass: typeof balance.tokens === 'number', detail: `${balance.tokens} tokens` };
    },
  },
  {
    name: 'Payment intent creation',
    run: async () => {
      // as a buyer's checkout goes out once they ticked the consent; an account that has not declared its age yet is
      // refused as it would be at its first checkout, and the check says so
      const intent = await createPaymentIntent({
        productType: 'whitelist',
        productId: 'bayou-basic',
        productName: 'Bayou Basic',
        amount: 20,
        withdrawalConsent: WITHDRAWAL_CONSENT.version,
      });
      return { pass: intent.clientSecret.length > 0, detail: `intent ${intent.paymentIntentId}` };
    },
  },
];

const COLOURS: Record<Status, string> = {
  PASS: 'text-green-300',
  FAIL: 'text-red-300',
  ERROR: 'text-red-300',
  TESTING: 'text-yellow-200',
};

export default function CheckoutTestPage() {
  const [results, setResults] = useState<Array<{ status: Status; detail: string }>>(
    CHECKS.map(() => ({ status: 'TESTING', detail: '' })),
  );
  const run = useCallback(() => {
    setResults(CHECKS.map(() => ({ status: 'TESTING', detail: '' })));
    CHECKS.forEach((check, index) => {
      check
        .run()
        .then(({ pass, detail }) => ({ status: (pass ? 'PASS' : 'FAIL') as Status, detail }))
        .catch((error: Error) => ({ status: 'ERROR' as Status, detail: error.message }))
        .then((result) => setResults((current) => current.map((item, i) => (i === index ? result : item))));
    });
  }, []);
  useEffect(run, [run]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <title>Checkout Self-Test | Bayou Roleplay</title>
      <h1 className="font-display text-3xl font-bold text-gold-400">Checkout Self-Test</h1>
      <ul aria-label="Checks" className="mt-6 space-y-2">
        {CHECKS.map((check, index) => (
          <li
            key={check.name}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-bayou-700 bg-bayou-900 px-4 py-3"
          >
            <span className="font-medium">{check.name}</span>
            <span className="text-right text-sm">
              <span data-testid="check-status" className={`font-bold ${COLOURS[results[index].status]}`}>
                {results[index].status}
              </span>
              {results[index].detail && <span className="ml-2 break-all text-slate-400">{results[index].detail}</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" onClick={run} className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950">
          Re-run tests
        </button>
        <Link
          to={stripeCheckoutPath('whitelist', 'bayou-basic')}
          className="rounded-md border border-bayou-600 px-4 py-2"
        >
          Test checkout (Bayou Basic, $20)
        </Link>
        <Link to={paths.priorityPass} className="rounded-md border border-bayou-600 px-4 py-2">
          Priority Pass
        </Link>
        <Link to={paths.gangs} className="rounded-md border border-bayou-600 px-4 py-2">
          Gangs
        </Link>
        <a
          href={results[0].status === 'PASS' ? paths.logout : paths.login}
          className="rounded-md border border-bayou-600 px-4 py-2"
        >
          {results[0].status === 'PASS' ? 'Logout' : 'Login'}
        </a>
      </div>
    </div>
  );
}
