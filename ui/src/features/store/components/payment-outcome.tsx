import { CheckCircle2, Clock, Copy, LockKeyhole, SearchX, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import type { MyPurchaseDto } from '@contract/account.ts';
import { type Fulfilment, fulfilmentSentence } from '@contract/fulfilment.ts';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { creatorCodeText, tokensText } from '@/features/account';
import { useServerStatus } from '@/features/server';
import { discountText, formatMoney } from '@/lib/format.ts';

const ICONS = {
  success: <CheckCircle2 aria-hidden size={56} className="mx-auto text-moss-400" />,
  waiting: <Clock aria-hidden size={56} className="mx-auto text-gold-400" />,
  stopped: <XCircle aria-hidden size={56} className="mx-auto text-red-400" />,
  missing: <SearchX aria-hidden size={56} className="mx-auto text-slate-400" />,
  locked: <LockKeyhole aria-hidden size={56} className="mx-auto text-gold-400" />,
};

/** The page's title, icon and h1. */
export function OutcomeHeading({
  icon,
  title,
  children,
}: {
  icon: keyof typeof ICONS;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="text-center">
      <title>{`${title} | ${brand.name}`}</title>
      {ICONS[icon]}
      <h1 className="mt-3 font-display text-3xl font-bold text-gold-400">{title}</h1>
      {children && <div className="mt-3 text-slate-300">{children}</div>}
    </div>
  );
}

const STATUS_TEXT: Record<MyPurchaseDto['status'], string> = {
  completed: 'Completed',
  awaiting_payment: 'Awaiting payment',
  failed: 'Failed',
  abandoned: 'Not paid (checkout expired)',
  refunded: 'Refunded',
  disputed: 'Disputed',
  underpaid: 'Held for staff (see why below)',
};

/** What the server says of the payment: product, amount, tokens, transaction id and status. */
export function PaymentFacts({ purchase }: { purchase: MyPurchaseDto }) {
  const [copied, setCopied] = useState(false);
  const transactionId = purchase.transactionId ?? purchase.purchaseId;
  return (
    <dl className="mt-8 grid gap-4 rounded-2xl border border-bayou-700 bg-bayou-900 p-6 sm:grid-cols-2">
      <Fact label="Product" testId="product">
        {purchase.productName}
      </Fact>
      <Fact label="Amount" testId="amount">
        {formatMoney(purchase.amount)}
        {discountText(purchase) && (
          <span className="block text-sm text-slate-300" data-testid="discount">
            {discountText(purchase)}
          </span>
        )}
      </Fact>
      <Fact label="Tokens" testId="tokens">
        {tokensText(purchase)}
      </Fact>
      {purchase.gift && (
        <Fact label="Gift" testId="gift">
          {purchase.gift.direction === 'to' ? 'Gift for' : 'Gift from'} {purchase.gift.name}
          {purchase.gift.months ? ` (${purchase.gift.months} ${purchase.gift.months === 1 ? 'month' : 'months'})` : ''}
        </Fact>
      )}
      <Fact label="Payment status" testId="payment-status">
        {STATUS_TEXT[purchase.status]}
      </Fact>
      {purchase.creatorCode && (
        <Fact label="Creator code" testId="creator-code">
          {creatorCodeText(purchase)}
        </Fact>
      )}
      <div className="sm:col-span-2">
        <dt className="text-sm text-slate-400">Transaction ID</dt>
        <dd className="mt-1 flex items-center gap-2">
          <code
            data-testid="transaction-id"
            className="min-w-0 flex-1 break-all rounded bg-bayou-950 px-2 py-1 text-sm text-slate-100"
          >
            {transactionId}
          </code>
          <button
            type="button"
            aria-label="Copy transaction ID"
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
    </dl>
  );
}

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd data-testid={testId} className="mt-1 font-semibold text-slate-100">
        {children}
      </dd>
    </div>
  );
}

/**
 * What to type in FiveM's console (F8) to join: the server the Connect button opens (FIVEM_CONNECT_CODE), so the two
 * never name different servers; the site's configured address where no join code is set.
 */
function useConnectAddress(): string {
  const connectUrl = useServerStatus().data?.connectUrl;
  return connectUrl ? `connect ${connectUrl.replace(/^fivem:\/\/connect\//, '')}` : brand.serverAddress;
}

/**
 * The next steps after a completed payment; the ticket steps go when the bot already granted the role. The time is
 * the product's own, from the catalogue (shown once it has loaded).
 */
export function NextSteps({ roleGranted, fulfilment }: { roleGranted: boolean; fulfilment: Fulfilment | undefined }) {
  const address = useConnectAddress();
  return (
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
            {fulfilment && <li data-testid="fulfilment">{fulfilmentSentence(fulfilment)}</li>}
          </>
        )}
        <li>
          Download FiveM and connect to the server: {/* breaks only between words, never inside the address */}
          <code data-testid="server-address" className="whitespace-nowrap rounded bg-bayou-950 px-1.5 py-0.5 text-sm">
            {address}
          </code>
        </li>
      </ol>
    </section>
  );
}

/**
 * What happens after an unban is paid for: no role and no server to join yet, but a review by senior staff of the
 * ban reason given at checkout, in the service's own time (the catalogue's), who tell the buyer their decision (docs/product.md#unban-services:
 * a paid unban does not guarantee approval).
 */
export function UnbanNextSteps({
  buyerDiscord,
  fulfilment,
}: {
  buyerDiscord: string | null;
  fulfilment: Fulfilment | undefined;
}) {
  return (
    <section aria-labelledby="next-steps" className="mt-6">
      <h2 id="next-steps" className="font-display text-xl font-bold text-white">
        What happens now
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-200">
        <li>
          {fulfilment && <span data-testid="fulfilment">{fulfilmentSentence(fulfilment)} </span>}
          They read the ban reason you gave at checkout.
        </li>
        <li>
          They tell you their decision on Discord
          {buyerDiscord ? (
            <>
              , as <span className="[overflow-wrap:anywhere]">{buyerDiscord}</span>
            </>
          ) : null}
          . A paid unban does not guarantee approval.
        </li>
        <li>If it is approved, staff lift the ban: there is nothing more for you to do.</li>
        <li>Keep your transaction ID: quote it if you contact support about this unban.</li>
      </ol>
    </section>
  );
}

/** The ways on from the page: Discord, the player's purchases, support. */
export function HelpLinks({ discord = true }: { discord?: boolean }) {
  return (
    <section aria-labelledby="help" className="mt-6 flex flex-wrap justify-center gap-3">
      <h2 id="help" className="sr-only">
        Help
      </h2>
      {discord && (
        <a
          href={brand.discordInvite}
          target="_blank"
          rel="noreferrer"
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
        >
          Join Discord
        </a>
      )}
      <Link to={paths.account} className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100">
        View your purchases
      </Link>
      <Link to={paths.contact} className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100">
        Contact support
      </Link>
    </section>
  );
}
