import { CheckCircle2, Copy } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { authKeys } from '@/features/auth';
import { completePurchase, useMyPurchase } from '../api/payments.ts';

export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const transactionId = params.get('payment_intent') ?? '';
  const [copied, setCopied] = useState(false);
  const queryClient = useQueryClient();
  // A card that needed a bank's page comes back here through Stripe's redirect, before the purchase was completed.
  const redirected = params.get('redirect_status') === 'succeeded';
  const mine = useMyPurchase(transactionId);
  const roleGranted = mine.data?.role === 'granted';
  useEffect(() => {
    if (!redirected || !transactionId) return;
    completePurchase({ paymentIntentId: transactionId })
      .then(() => Promise.all([queryClient.invalidateQueries({ queryKey: authKeys.tokens() }), mine.refetch()]))
      .catch(() => undefined); // the webhook and reconcile complete it anyway
  }, [redirected, transactionId, queryClient, mine.refetch]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <title>Payment Successful | Bayou Roleplay</title>
      <div className="text-center">
        <CheckCircle2 aria-hidden size={56} className="mx-auto text-moss-400" />
        <h1 className="mt-3 font-display text-3xl font-bold text-gold-400">Payment Successful!</h1>
      </div>
      <dl className="mt-8 space-y-3 rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <div>
          <dt className="text-sm text-slate-400">Transaction ID</dt>
          <dd className="mt-1 flex items-center gap-2">
            <code
              data-testid="transaction-id"
              className="min-w-0 flex-1 break-all rounded bg-bayou-950 px-2 py-1 text-sm text-slate-100"
            >
              {transactionId || 'unknown'}
            </code>
            <button
              type="button"
              aria-label="Copy transaction ID"
              disabled={!transactionId}
              onClick={() =>
                navigator.clipboard
                  ?.writeText(transactionId)
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
              className="rounded-md border border-bayou-600 p-2 text-slate-200 hover:border-gold-400"
            >
              <Copy aria-hidden size={16} />
            </button>
            {copied && (
              <span role="status" className="text-xs text-moss-300">
                Copied
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Payment status</dt>
          <dd className="font-semibold text-moss-300">Completed</dd>
        </div>
      </dl>
      <p className="mt-4 rounded-lg border border-gold-500/40 bg-gold-500/10 p-4 text-sm text-gold-200">
        Token rewards have been added to your balance; you will see them in the header.
      </p>
      {roleGranted ? (
        <p role="status" className="mt-4 rounded-lg border border-moss-400/50 bg-moss-400/10 p-4 text-sm text-moss-200">
          Your Discord role was granted automatically{mine.data?.productName ? ` for ${mine.data.productName}` : ''}. No
          ticket needed.
        </p>
      ) : mine.data?.role === 'pending' ? (
        <p role="status" className="mt-4 rounded-lg border border-bayou-600 bg-bayou-900 p-4 text-sm text-slate-200">
          Your Discord role is being granted automatically. If it does not show up, open a ticket as below.
        </p>
      ) : null}
      <section aria-labelledby="next-steps" className="mt-6">
        <h2 id="next-steps" className="font-display text-xl font-bold text-white">
          Next steps
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-200">
          <li>Join our Discord community.</li>
          {roleGranted ? (
            <li>Your role is already on your Discord account; keep your transaction ID in case you need support.</li>
          ) : (
            <>
              <li>Open a ticket with your transaction ID and proof of purchase.</li>
              <li>Staff assign your roles, usually within 1-24 hours.</li>
            </>
          )}
          <li>
            Download FiveM and connect to the server: <code className="break-all">{brand.serverAddress}</code>
          </li>
        </ol>
      </section>
      <section aria-labelledby="help" className="mt-6 flex flex-wrap gap-3">
        <h2 id="help" className="sr-only">
          Help
        </h2>
        <a
          href={brand.discordInvite}
          target="_blank"
          rel="noreferrer"
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
        >
          Join Discord
        </a>
        <Link to={paths.contact} className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100">
          Contact support
        </Link>
      </section>
    </div>
  );
}
