import { useQueryClient } from '@tanstack/react-query';
import { Lock, ShieldCheck, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fulfilmentSentence } from '@contract/fulfilment.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { authKeys, currentPagePath, signInPath, useCurrentUser } from '@/features/auth';
import { useFlavourPhrase } from '@/features/flavour';
import { clearCheckoutData } from '../api/checkout-data.ts';
import { selectionLink } from '../api/checkout-selection.ts';
import { useCheckoutItem, type CheckoutItem } from '../api/use-checkout-item.ts';
import { useCheckoutPricing } from '../api/quote.ts';
import { CouponField } from './coupon-field.tsx';
import { PriceLines, StackingNote } from './price-lines.tsx';
import { CheckoutWaiting, ChooseOption, PriceChangedNote } from './checkout-notices.tsx';
import { GiftSummary, giftMonths, NO_GIFT } from './gift-fields.tsx';
import { OrderForm } from './order-form.tsx';
import { ProductNotFound } from './product-not-found.tsx';

/** The order form (docs/product.md#checkout): contact details first, then the card; tokens and a return home after paying. */
export default function CheckoutPage() {
  const navigate = useNavigate();
  const { user, isSignedIn } = useCurrentUser();
  const checkout = useCheckoutItem();

  const { selection } = checkout;
  // the stored item moving into the address re-runs the effect: a second navigation would abort the first
  const leaving = useRef(false);
  useEffect(() => {
    if (isSignedIn === false) {
      if (leaving.current) return;
      leaving.current = true;
      // a stored item is on its way into the address; sign-in returns to it either way
      const here = selection?.source === 'stored' ? selectionLink(paths.checkout, selection) : currentPagePath();
      window.location.assign(signInPath(here));
    } else if (checkout.status === 'empty') navigate(paths.home, { replace: true });
  }, [isSignedIn, checkout.status, selection, navigate]);

  if (checkout.status === 'not_found') return <ProductNotFound type={checkout.type} />;
  if (isSignedIn === false)
    return <CheckoutWaiting title="Checkout" message="Sign in to buy: taking you to sign in..." />;
  if (isSignedIn !== true || checkout.status === 'loading' || checkout.status === 'empty')
    return <CheckoutWaiting title="Checkout" message="Loading checkout..." />;
  if (checkout.status === 'error')
    return <QueryState isPending={false} error={checkout.error} retry={checkout.retry} />;
  if (checkout.status === 'choose_option') return <ChooseOption product={checkout.product} />;
  return (
    <OrderPage key={`${checkout.item.product.id}:${checkout.optionId}`} item={checkout.item} user={user ?? null} />
  );
}

function OrderPage({ item, user }: { item: CheckoutItem; user: Parameters<typeof OrderForm>[0]['user'] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cartPhrase = useFlavourPhrase('cart');
  const chosenPhrase = useFlavourPhrase('addToCart');
  const processingPhrase = useFlavourPhrase('processing');
  const [gift, setGift] = useState(NO_GIFT);
  const pricing = useCheckoutPricing(item, giftMonths(item, gift));

  function completed(tokensAwarded: number) {
    toast({ title: 'Payment Processing', description: `Confirming your purchase... ${processingPhrase}` });
    setTimeout(() => {
      toast({
        title: 'Purchase Successful!',
        description: tokensAwarded > 0 ? `You received ${tokensAwarded} tokens!` : 'Thank you for your purchase!',
        variant: 'success',
      });
      clearCheckoutData();
      void queryClient.invalidateQueries({ queryKey: authKeys.tokens() });
      setTimeout(() => navigate(paths.home), 1000);
    }, 2000);
  }

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-2">
      <title>Checkout | Bayou Roleplay</title>
      <section aria-labelledby="checkout-summary" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <h1 id="checkout-summary" className="font-display text-2xl font-bold text-gold-400">
          Order Summary
        </h1>
        <p className="mt-1 text-sm italic text-moss-300" data-testid="cart-phrase">
          {cartPhrase}
        </p>
        <dl className="mt-4 space-y-2">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Product</dt>
            <dd className="min-w-0 break-words text-right font-semibold" data-testid="product-name">
              {item.name}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Type</dt>
            <dd className="capitalize">{item.product.type}</dd>
          </div>
          <PriceLines quote={pricing.shown} monthly={item.product.type === 'whitelist'} />
        </dl>
        <StackingNote quote={pricing.shown} />
        <CouponField pricing={pricing} />
        <GiftSummary item={item} gift={gift} />
        <p className="mt-2 text-sm italic text-moss-300" data-testid="chosen-phrase">
          {chosenPhrase}
        </p>
        <PriceChangedNote item={item} priceNow={pricing.base?.total} />
        <ul className="mt-6 space-y-2 text-sm text-slate-200">
          <li className="flex gap-2">
            <Lock aria-hidden size={16} className="text-moss-400" />
            Secure encryption
          </li>
          <li className="flex gap-2" data-testid="fulfilment">
            <Zap aria-hidden size={16} className="shrink-0 text-moss-400" />
            {fulfilmentSentence(item.product.fulfilment)}
          </li>
          {/* only a Priority Pass tier places its buyer in the queue */}
          {item.product.type === 'whitelist' && (
            <li className="flex gap-2">
              <ShieldCheck aria-hidden size={16} className="text-moss-400" />
              Priority queue
            </li>
          )}
        </ul>
      </section>
      <OrderForm item={item} user={user} pricing={pricing} gift={gift} onGiftChange={setGift} onCompleted={completed} />
    </div>
  );
}
