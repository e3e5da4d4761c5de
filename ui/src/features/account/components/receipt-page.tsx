import { inGameText } from '@/components/ui/in-game-status.tsx';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client.ts';
import { discountText, formatMoney } from '@/lib/format.ts';
import { useMyPurchaseReceipt } from '../api/account.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { statusWord } from '@/components/ui/status-pill.tsx';
import { creatorCodeText, giftText, outcomeText, received, tokensText, wasPaid } from './format.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

// printing keeps the receipt alone on a white page: the site's header, footer and buttons stay off the paper
const PRINT_CSS = `@media print {
  body { background: #fff !important; }
  header, footer, nav, [role="region"] { display: none !important; }
  body * { visibility: hidden; }
  #receipt, #receipt * { visibility: visible; color: #000 !important; background: transparent !important; }
  #receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; }
  #receipt [data-print="hide"] { display: none !important; }
}`;

/** One purchase's receipt, printable; only its buyer sees it. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const current = useCurrentUser();
  const receipt = useMyPurchaseReceipt(current.user ? id : '');
  if (current.isSignedIn === undefined) return <Spinner label="Loading the receipt" />;
  if (!current.user)
    return (
      <SignInPrompt
        title="Sign in to see your receipt"
        text="Receipts are shown only to the player who made the purchase."
      />
    );
  if (receipt.isPending) return <Spinner label="Loading the receipt" />;
  if (receipt.error instanceof ApiError && receipt.error.status === 404)
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <title>Receipt not found | Bayou Roleplay</title>
        <h1 className="font-display text-3xl font-bold text-gold-400">Receipt not found</h1>
        <p className="mt-4 text-slate-300">No purchase with this id belongs to your account.</p>
        <Link
          to={paths.account}
          className="mt-8 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
        >
          Back to your account
        </Link>
      </section>
    );
  if (receipt.error) return <QueryState isPending={false} error={receipt.error} retry={() => void receipt.refetch()} />;
  const purchase = receipt.data;
  const gift = received(purchase);
  // a gift's recipient reads who gave it, and nothing of how it was paid
  const buyer = gift
    ? (purchase.gift?.name ?? 'another player')
    : (current.user.discordUsername ?? current.user.username ?? purchase.buyerDiscord ?? 'player');
  const email = gift ? null : (purchase.buyerEmail ?? current.user.email);
  // a payment that never went through has details, not a receipt
  const paid = wasPaid(purchase.status);
  const title = paid ? 'Receipt' : 'Purchase details';
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <style>{PRINT_CSS}</style>
      <title>{`${title}: ${purchase.productName} | ${brand.name}`}</title>
      <article
        id="receipt"
        aria-labelledby="receipt-heading"
        className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6"
      >
        <p className="font-display text-lg font-bold text-gold-400">{brand.name}</p>
        <h1 id="receipt-heading" className="mt-1 font-display text-3xl font-bold text-white">
          {title}
        </h1>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <Line label="Store">{brand.name}</Line>
          <Line label="Buyer">
            {buyer}
            {email && <span className="block text-sm font-normal text-slate-300">{email}</span>}
          </Line>
          <Line label="Product">{purchase.productName}</Line>
          {purchase.gift && <Line label="Gift">{giftText(purchase)}</Line>}
          <Line label="Amount">
            {gift ? 'Gift' : `${formatMoney(purchase.amount)} ${purchase.currency.toUpperCase()}`}
            {discountText(purchase) && (
              <span className="block text-sm font-normal text-slate-300" data-testid="discount">
                {discountText(purchase)}
              </span>
            )}
          </Line>
          <Line label="Date">{dayAndTime(purchase.completedAt ?? purchase.createdAt)}</Line>
          <Line label="Status">
            {statusWord(purchase.status)}
            {outcomeText(purchase) && (
              <span className="block text-sm font-normal text-slate-300">{outcomeText(purchase)}</span>
            )}
          </Line>
          <Line label="Tokens">{tokensText(purchase)}</Line>
          {purchase.inGame && (
            <Line label="In game">
              <span data-testid="in-game-status">{inGameText(purchase.inGame)}</span>
            </Line>
          )}
          {purchase.creatorCode && <Line label="Creator code">{creatorCodeText(purchase)}</Line>}
          {purchase.withdrawalConsent && (
            <Line label="Right of withdrawal" wide>
              <span data-testid="withdrawal-consent">
                {`Agreed on ${dayAndTime(purchase.withdrawalConsent.givenAt)}: "${
                  purchase.withdrawalConsent.text ?? 'delivery at once, ending the 14-day right of withdrawal'
                }"`}
              </span>
            </Line>
          )}
          <Line label="Transaction ID" wide>
            <code className="break-all">
              {purchase.transactionId ?? (gift ? 'none (a gift)' : 'none (no payment was started)')}
            </code>
          </Line>
          <Line label="Purchase ID" wide>
            <code className="break-all">{purchase.purchaseId}</code>
          </Line>
        </dl>
        <div data-print="hide" className="mt-8 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
          >
            <Printer aria-hidden size={18} /> {paid ? 'Print receipt' : 'Print'}
          </button>
          <Link to={paths.account} className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100">
            Back to your account
          </Link>
        </div>
      </article>
    </div>
  );
}

function Line({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-100">{children}</dd>
    </div>
  );
}
