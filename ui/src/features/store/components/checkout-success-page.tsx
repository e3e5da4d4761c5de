import { InGameStatus } from '@/components/ui/in-game-status.tsx';
import { BilledMonthly, useMyMembership } from '@/features/membership';
import { ConnectButton } from '@/features/server';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { MyPurchaseDto } from '@contract/account.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { authKeys, useCurrentUser } from '@/features/auth';
import { useFulfilment } from '@/features/catalogue';
import { ApiError } from '@/lib/api-client.ts';
import { completePurchase, useMyPurchase } from '../api/payments.ts';
import { HelpLinks, NextSteps, OutcomeHeading, PaymentFacts, UnbanNextSteps } from './payment-outcome.tsx';

/** After paying: only what the server says of the payment the link names, never more. */
export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const reference = params.get('payment_intent') ?? '';
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  // A card that needed a bank's page comes back here through Stripe's redirect, before the purchase was completed.
  const redirected = params.get('redirect_status') === 'succeeded';
  const mine = useMyPurchase(current.isSignedIn ? reference : '');
  useEffect(() => {
    if (!redirected || !reference || !current.isSignedIn) return;
    completePurchase({ paymentIntentId: reference })
      .then(() => Promise.all([queryClient.invalidateQueries({ queryKey: authKeys.tokens() }), mine.refetch()]))
      .catch(() => undefined); // the webhook and reconcile complete it anyway
  }, [redirected, reference, current.isSignedIn, queryClient, mine.refetch]);
  const status = mine.data?.status;
  useEffect(() => {
    if (status === 'completed') void queryClient.invalidateQueries({ queryKey: authKeys.tokens() });
  }, [status, queryClient]);

  let content: React.ReactNode;
  if (!reference) content = <NotFound>This link does not name a payment.</NotFound>;
  else if (current.isSignedIn === undefined || (current.isSignedIn && mine.isPending)) content = <Spinner />;
  else if (!current.isSignedIn || mine.data === null) {
    const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
    content = (
      <OutcomeHeading icon="locked" title="Sign in to see your payment">
        <p>Payments are shown only to the player who made them.</p>
        <a
          href={`${paths.login}?returnTo=${returnTo}`}
          className="mt-6 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
        >
          Sign in with Discord
        </a>
      </OutcomeHeading>
    );
  } else if (mine.error instanceof ApiError && mine.error.status === 404)
    content = <NotFound>No payment with this transaction ID belongs to your account.</NotFound>;
  else if (mine.error || !mine.data)
    content = <QueryState isPending={false} error={mine.error} retry={() => void mine.refetch()} />;
  else content = <Outcome purchase={mine.data} problem={params.get('problem')} />;
  return <div className="mx-auto max-w-2xl px-4 py-12">{content}</div>;
}

function NotFound({ children }: { children: React.ReactNode }) {
  return (
    <OutcomeHeading icon="missing" title="Payment not found">
      <p>{children}</p>
      <p className="mt-2">Every payment you made is listed on your account page.</p>
      <Link
        to={paths.account}
        className="mt-6 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
      >
        Go to your account
      </Link>
    </OutcomeHeading>
  );
}

const STOPPED: Record<'failed' | 'abandoned' | 'refunded' | 'disputed' | 'underpaid', { title: string; text: string }> =
  {
    underpaid: {
      title: 'Payment Held for Staff',
      text: 'Your payment is held for staff for the reason above, so nothing was delivered yet. Staff have been told and will contact you (with a refund where it cannot be delivered); open a ticket in our Discord if you have questions.',
    },
    failed: { title: 'Payment Failed', text: 'You were not charged and no tokens were added.' },
    abandoned: {
      title: 'Payment Not Completed',
      text: 'This checkout was never paid and has expired. You were not charged and no tokens were added.',
    },
    refunded: { title: 'Payment Refunded', text: 'This purchase was refunded and its tokens were removed.' },
    disputed: {
      title: 'Payment Disputed',
      text: 'This payment was disputed with your bank, so its tokens were removed and store purchases are paused for this account. Open a ticket in our Discord if you think this is a mistake.',
    },
  };

/** `problem`: why the payment provider's page could not be opened (the purchase then waits, unpaid) */
function Outcome({ purchase, problem }: { purchase: MyPurchaseDto; problem: string | null }) {
  const fulfilment = useFulfilment(purchase.productType, purchase.productId);
  if (purchase.status === 'awaiting_payment' && problem)
    return (
      <>
        <OutcomeHeading icon="stopped" title="Checkout Could Not Open">
          <p role="alert" className="font-semibold text-red-200">
            {problem}
          </p>
          <p>You were not charged. Try again from the store page in a moment.</p>
        </OutcomeHeading>
        <PaymentFacts purchase={purchase} />
        <HelpLinks discord={false} />
      </>
    );
  if (purchase.status === 'awaiting_payment')
    return (
      <>
        <OutcomeHeading icon="waiting" title="Payment Processing">
          <p role="status">
            We are waiting for your payment to be confirmed. This page updates by itself; no tokens are added until it
            is.
          </p>
        </OutcomeHeading>
        <PaymentFacts purchase={purchase} />
        <HelpLinks discord={false} />
      </>
    );
  if (purchase.status !== 'completed') {
    const stopped = STOPPED[purchase.status];
    return (
      <>
        <OutcomeHeading icon="stopped" title={stopped.title}>
          {purchase.failureReason && <p className="font-semibold text-red-200">{purchase.failureReason}</p>}
          <p>{stopped.text}</p>
        </OutcomeHeading>
        <PaymentFacts purchase={purchase} />
        <HelpLinks discord={false} />
      </>
    );
  }
  if (purchase.productType === 'unban')
    return (
      <>
        <OutcomeHeading icon="success" title="Payment Successful!" />
        <PaymentFacts purchase={purchase} />
        <TokensAdded tokens={purchase.tokens} />
        <UnbanNextSteps buyerDiscord={purchase.buyerDiscord} fulfilment={fulfilment} />
        <HelpLinks />
      </>
    );
  if (purchase.gift)
    return (
      <>
        <OutcomeHeading icon="success" title="Payment Successful!" />
        <PaymentFacts purchase={purchase} />
        <p
          role="status"
          data-testid="gift-outcome"
          className="mt-4 rounded-lg border border-moss-400/50 bg-moss-400/10 p-4 text-sm text-moss-200"
        >
          {purchase.gift.delivered
            ? `Your gift was delivered to ${purchase.gift.name}.`
            : `${purchase.gift.name} receives your gift when they first sign in to the store.`}
        </p>
        <HelpLinks />
      </>
    );
  const roleGranted = purchase.role === 'granted';
  return (
    <>
      <OutcomeHeading icon="success" title="Payment Successful!" />
      <PaymentFacts purchase={purchase} />
      {purchase.productType === 'whitelist' && <MembershipNextCharge />}
      <TokensAdded tokens={purchase.tokens} />
      {roleGranted ? (
        <p role="status" className="mt-4 rounded-lg border border-moss-400/50 bg-moss-400/10 p-4 text-sm text-moss-200">
          Your Discord role was granted automatically for {purchase.productName}. No ticket needed.
        </p>
      ) : purchase.role === 'pending' ? (
        <p role="status" className="mt-4 rounded-lg border border-bayou-600 bg-bayou-900 p-4 text-sm text-slate-200">
          Your Discord role is being granted automatically. If it does not show up, open a ticket as below.
        </p>
      ) : null}
      <InGameStatus inGame={purchase.inGame} boxed />
      <ConnectButton className="mt-6 w-full sm:w-auto" />
      <NextSteps roleGranted={roleGranted} fulfilment={fulfilment} />
      <HelpLinks />
    </>
  );
}

function TokensAdded({ tokens }: { tokens: number }) {
  // a store whose purchases credit no tokens says nothing of them
  if (tokens === 0) return null;
  return (
    <p className="mt-4 rounded-lg border border-gold-500/40 bg-gold-500/10 p-4 text-sm text-gold-200">
      {tokens} tokens were added to your balance; you will see them in the header.
    </p>
  );
}

/** A tier is a membership: say so, with the date of the next charge. */
function MembershipNextCharge() {
  const membership = useMyMembership(true, true);
  const next = membership.data?.nextCharge?.date;
  if (!next) return null;
  return <BilledMonthly nextCharge={next} className="mt-4 rounded-lg border border-bayou-700 bg-bayou-900 p-4" />;
}
