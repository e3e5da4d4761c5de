import { Check, Lock, MessageSquare } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { QueryState } from '@/components/ui/query-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { clearCheckoutData } from '../api/checkout-data.ts';
import { useCheckoutItem, type CheckoutItem } from '../api/use-checkout-item.ts';
import { useSignInRequired } from '../api/use-sign-in-required.ts';
import { PaymentSection } from './payment-section.tsx';
import { ProductNotFound } from './product-not-found.tsx';

export default function StripeCheckoutPage() {
  const current = useSignInRequired();
  const checkout = useCheckoutItem();
  if (checkout.status === 'not_found') return <ProductNotFound />;
  if (current.isSignedIn !== true || checkout.status === 'loading') return <Spinner label="Loading checkout" />;
  if (checkout.status === 'error')
    return <QueryState isPending={false} error={checkout.error} retry={checkout.retry} />;
  if (checkout.status === 'choose_option') {
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <h1 className="font-display text-2xl font-bold text-gold-400">Choose your {checkout.product.name} option</h1>
        <ul className="mt-6 space-y-2">
          {checkout.product.options.map((option) => (
            <li key={option.id}>
              <Link
                to={`${paths.stripeCheckout}?type=addon&id=${checkout.product.id}&option=${option.id}`}
                className="flex justify-between rounded-lg border border-bayou-700 bg-bayou-900 px-4 py-3 hover:border-gold-400"
              >
                <span>{option.label}</span>
                <span className="font-semibold text-gold-400">{formatPrice(option.price)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <CheckoutLayout item={checkout.item} user={current.user ?? null} />;
}

function CheckoutLayout({
  item,
  user,
}: {
  item: CheckoutItem;
  user: { discordUsername?: string | null; username?: string | null; email?: string | null } | null;
}) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 md:grid-cols-2">
      <title>Secure Checkout | Bayou Roleplay</title>
      <section aria-labelledby="order-summary" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <h1 id="order-summary" className="font-display text-2xl font-bold text-gold-400">
          Order Summary
        </h1>
        <div className="mt-4 flex items-baseline justify-between gap-3">
          <p className="text-lg font-semibold text-white" data-testid="product-name">
            {item.name}
          </p>
          <p className="text-2xl font-extrabold text-gold-400" data-testid="order-total">
            {formatPrice(item.price)}
          </p>
        </div>
        <p className="mt-1 text-sm text-slate-400">
          <span className="capitalize">{item.product.type}</span> · {item.tokens} tokens
        </p>
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
          <p className="mt-1">
            Discord: <span data-testid="account-discord">{user?.discordUsername ?? user?.username ?? 'Player'}</span>
          </p>
          <p>Email: {user?.email ?? 'not shared'}</p>
        </div>
        <div className="mt-4 flex gap-2 rounded-lg border border-moss-400/30 bg-moss-400/10 p-4 text-sm text-slate-200">
          <MessageSquare aria-hidden size={18} className="mt-0.5 shrink-0 text-moss-300" />
          <p>
            After paying, open a ticket in our Discord with your transaction ID and proof of purchase. Roles are
            assigned within 24 hours.
          </p>
        </div>
      </section>
      <section aria-labelledby="payment-heading" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <h2 id="payment-heading" className="flex items-center gap-2 font-display text-xl font-bold text-white">
          <Lock aria-hidden size={18} className="text-moss-400" /> Payment
        </h2>
        <div className="mt-4">
          <PaymentSection
            request={{
              productType: item.product.type,
              productId: item.product.id,
              productName: item.name,
              amount: item.price,
              ...(item.option ? { option: item.option.id } : {}),
            }}
            payLabel={`Pay ${formatPrice(item.price)}`}
            onCompleted={({ paymentIntentId, tokensAwarded }) => {
              clearCheckoutData();
              toast({
                title: 'Purchase Successful!',
                description: `You received ${tokensAwarded} tokens! Redirecting to success page...`,
                variant: 'success',
                duration: 5000,
              });
              navigate(`${paths.checkoutSuccess}?payment_intent=${encodeURIComponent(paymentIntentId)}`);
            }}
          />
        </div>
      </section>
    </div>
  );
}
