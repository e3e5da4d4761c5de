import { BilledMonthly } from '@/features/membership';
import { Check, Lock, MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { fulfilmentSentence } from '@contract/fulfilment.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import type { CurrentUser } from '@/features/auth';
import { useFlavourPhrase } from '@/features/flavour';
import { clearCheckoutData } from '../api/checkout-data.ts';
import { useCheckoutItem, type CheckoutItem } from '../api/use-checkout-item.ts';
import { useSignInRequired } from '../api/use-sign-in-required.ts';
import { type CheckoutPricing, useCheckoutPricing } from '../api/quote.ts';
import { CouponField } from './coupon-field.tsx';
import { PriceLines, StackingNote } from './price-lines.tsx';
import { CheckoutWaiting, ChooseOption, PriceChangedNote } from './checkout-notices.tsx';
import { PaidNote, usePaymentCompleteRedirect } from './payment-complete-redirect.tsx';
import { CreatorCodeBox } from './creator-code-box.tsx';
import { PricedPayment } from './priced-payment.tsx';
import { ProductNotFound } from './product-not-found.tsx';
import { UnbanDetailsForm, type UnbanDetails } from './unban-details-form.tsx';
import { type GiftChoice, GiftStep, GiftSummary, giftMonths, NO_GIFT } from './gift-fields.tsx';
import { paymentRequest } from './payment-request.ts';

export default function StripeCheckoutPage() {
  const checkout = useCheckoutItem();
  const missing = checkout.status === 'not_found' || checkout.status === 'empty';
  const current = useSignInRequired(!missing && checkout.status !== 'loading');
  if (missing) return <ProductNotFound type={checkout.type} />;
  if (current.isSignedIn === false)
    return <CheckoutWaiting title="Secure Checkout" message="Sign in to buy: taking you to sign in..." />;
  if (current.isSignedIn !== true || checkout.status === 'loading')
    return <CheckoutWaiting title="Secure Checkout" message="Loading checkout..." />;
  if (checkout.status === 'error')
    return <QueryState isPending={false} error={checkout.error} retry={checkout.retry} />;
  if (checkout.status === 'choose_option') return <ChooseOption product={checkout.product} />;
  return (
    <CheckoutLayout
      key={`${checkout.item.product.id}:${checkout.optionId}`}
      item={checkout.item}
      user={current.user ?? null}
    />
  );
}

function CheckoutLayout({ item, user }: { item: CheckoutItem; user: CurrentUser | null }) {
  const cartPhrase = useFlavourPhrase('cart');
  const chosenPhrase = useFlavourPhrase('addToCart');
  const discordPhrase = useFlavourPhrase('discord');
  const discordName = user?.discordUsername ?? user?.username ?? '';
  const [gift, setGift] = useState<GiftChoice>(NO_GIFT);
  const giftPass = gift.on && item.product.type === 'whitelist';
  const pricing = useCheckoutPricing(item, giftMonths(item, gift));
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-2">
      <title>Secure Checkout | Bayou Roleplay</title>
      <section aria-labelledby="order-summary" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <h1 id="order-summary" className="font-display text-2xl font-bold text-gold-400">
          Order Summary
        </h1>
        <p className="mt-1 text-sm italic text-moss-300" data-testid="cart-phrase">
          {cartPhrase}
        </p>
        <p className="mt-4 min-w-0 break-words text-lg font-semibold text-white" data-testid="product-name">
          {item.name}
        </p>
        <dl className="mt-2 space-y-2">
          <PriceLines quote={pricing.shown} monthly={item.product.type === 'whitelist'} />
        </dl>
        <StackingNote quote={pricing.shown} />
        <p className="mt-1 text-sm text-slate-400">
          <span className="capitalize">{item.product.type}</span>
          {/* a store whose purchases credit no tokens names none */}
          {item.tokens > 0 && ` · ${giftPass ? item.tokens * gift.months : item.tokens} tokens`}
        </p>
        <p className="mt-1 text-sm italic text-moss-300" data-testid="chosen-phrase">
          {chosenPhrase}
        </p>
        <GiftSummary item={item} gift={gift} />
        {item.product.type === 'whitelist' &&
          (giftPass ? (
            <p className="mt-3 text-sm text-slate-300">Paid once. A gifted pass does not renew.</p>
          ) : (
            <BilledMonthly className="mt-3" />
          ))}
        <PriceChangedNote item={item} priceNow={pricing.base?.total} />
        <CouponField pricing={pricing} />
        <ul className="mt-4 space-y-2 text-sm">
          {item.product.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-moss-400" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 rounded-lg border border-bayou-700 bg-bayou-950 p-4 text-sm">
          <h2 className="font-semibold text-gold-400">Account</h2>
          <p className="mt-1 break-words">
            Discord: <span data-testid="account-discord">{discordName || 'Player'}</span>
          </p>
          <p className="break-words">Email: {user?.email ?? 'not shared'}</p>
        </div>
        <div className="mt-4 flex gap-2 rounded-lg border border-moss-400/30 bg-moss-400/10 p-4 text-sm text-slate-200">
          <MessageSquare aria-hidden size={18} className="mt-0.5 shrink-0 text-moss-300" />
          <div>
            <p className="font-semibold italic text-moss-300" data-testid="discord-phrase">
              {discordPhrase}
            </p>
            <p className="mt-1" data-testid="fulfilment">
              {item.product.fulfilment.kind === 'roles'
                ? `After paying, open a ticket in our Discord with your transaction ID and proof of purchase. ${fulfilmentSentence(item.product.fulfilment)}`
                : `${fulfilmentSentence(item.product.fulfilment)} A paid unban does not guarantee approval.`}
            </p>
          </div>
        </div>
      </section>
      <PaymentPanel item={item} discordName={discordName} pricing={pricing} gift={gift} onGiftChange={setGift} />
    </div>
  );
}

function PaymentPanel({
  item,
  discordName,
  pricing,
  gift,
  onGiftChange,
}: {
  item: CheckoutItem;
  discordName: string;
  pricing: CheckoutPricing;
  gift: GiftChoice;
  onGiftChange: (gift: GiftChoice) => void;
}) {
  const { done, paid } = usePaymentCompleteRedirect();
  // a gift's recipient is confirmed before the payment opens: the server checks it then
  const [giftReady, setGiftReady] = useState(false);
  const checkoutPhrase = useFlavourPhrase('checkout');
  const unban = item.product.type === 'unban';
  const [details, setDetails] = useState<UnbanDetails | null>(null);
  const [creatorCode, setCreatorCode] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(details);
  // the details form goes away once it is accepted (and comes back to edit): focus stays in the panel
  useEffect(() => {
    if (shown.current !== details) heading.current?.focus();
    shown.current = details;
  }, [details]);
  return (
    // the card form gives way to the paid note: focus goes to the note, where the Pay button was
    <section
      aria-labelledby="payment-heading"
      data-focus-scope
      className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6"
    >
      <h2
        id="payment-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-display text-xl font-bold text-white"
      >
        <Lock aria-hidden size={18} className="text-moss-400" /> {unban && !details ? 'Unban details' : 'Payment'}
      </h2>
      <p className="mt-1 text-sm italic text-moss-300" data-testid="checkout-phrase">
        {checkoutPhrase}
      </p>
      <div className="mt-4">
        {unban && !details ? (
          <UnbanDetailsForm initial={{ discordUsername: discordName, banReason: '' }} onSubmit={setDetails} />
        ) : (
          <>
            {details && <UnbanDetailsSummary details={details} onEdit={done ? undefined : () => setDetails(null)} />}
            {!unban && !done && (
              <GiftStep item={item} gift={gift} onChange={onGiftChange} ready={giftReady} onReady={setGiftReady} />
            )}
            {done ? (
              <PaidNote done={done} />
            ) : gift.on && !giftReady ? null : (
              <>
                <CreatorCodeBox applied={creatorCode} onApply={setCreatorCode} />
                <PricedPayment
                  pricing={pricing}
                  priceField="amount"
                  request={paymentRequest(item, {
                    buyerDiscord: details?.discordUsername,
                    banReason: details?.banReason,
                    creatorCode,
                    gift,
                  })}
                  onCompleted={(result) => {
                    clearCheckoutData();
                    paid(result);
                  }}
                />
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** `onEdit` absent once paid: the details went with the payment */
function UnbanDetailsSummary({ details, onEdit }: { details: UnbanDetails; onEdit?: () => void }) {
  return (
    <div className="mb-4 rounded-lg border border-bayou-700 bg-bayou-950 p-4 text-sm" data-testid="unban-details">
      <dl className="space-y-2">
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-400">Discord username</dt>
          <dd className="break-words">{details.discordUsername}</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-wide text-slate-400">Ban reason</dt>
          <dd className="whitespace-pre-wrap break-words">{details.banReason}</dd>
        </div>
      </dl>
      {onEdit && (
        <button type="button" onClick={onEdit} className="mt-3 text-sm font-semibold text-gold-400 underline">
          Edit unban details
        </button>
      )}
    </div>
  );
}
