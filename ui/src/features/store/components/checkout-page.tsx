import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Lock, ShieldCheck, Zap } from 'lucide-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { paths } from '@/config/paths.ts';
import { formatPrice } from '@/lib/format.ts';
import { authKeys, useCurrentUser } from '@/features/auth';
import { clearCheckoutData, readCheckoutData, type CheckoutData } from '../api/checkout-data.ts';
import { PaymentSection } from './payment-section.tsx';

const field =
  'mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus:outline-none';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fromQuery(params: URLSearchParams): CheckoutData | null {
  const productType = params.get('productType');
  const productId = params.get('productId');
  if (!productType || !productId) return null;
  return {
    productType,
    productId,
    productName: params.get('productName') ?? productId,
    price: Number(params.get('price') ?? 0),
    option: params.get('option') ?? undefined,
  };
}

/** SPEC section 4's order form: contact details first, then the card; tokens and a return home after paying. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, isSignedIn } = useCurrentUser();
  const data = useMemo(() => readCheckoutData() ?? fromQuery(params), [params]);
  const [contact, setContact] = useState({ email: '', discord: '' });
  const [emailError, setEmailError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (isSignedIn === false) window.location.assign(paths.discordSignIn);
    else if (!data) navigate(paths.home, { replace: true });
  }, [isSignedIn, data, navigate]);
  useEffect(() => {
    if (user)
      setContact((current) => ({
        email: current.email || user.email || '',
        discord: current.discord || user.discordUsername || user.username || '',
      }));
  }, [user]);

  if (!data || isSignedIn !== true) return <Spinner label="Loading checkout" />;

  function proceed(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL.test(contact.email.trim())) return setEmailError('Enter a valid email address.');
    setEmailError(null);
    setReady(true);
  }

  function completed(tokensAwarded: number) {
    toast({ title: 'Payment Processing', description: 'Confirming your purchase...' });
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
        <dl className="mt-4 space-y-2">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Product</dt>
            <dd className="text-right font-semibold">{data.productName}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-400">Type</dt>
            <dd className="capitalize">{data.productType}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-bayou-700 pt-2">
            <dt className="font-semibold">Total</dt>
            <dd className="text-xl font-extrabold text-gold-400">{formatPrice(data.price)}</dd>
          </div>
        </dl>
        <ul className="mt-6 space-y-2 text-sm text-slate-200">
          <li className="flex gap-2">
            <Lock aria-hidden size={16} className="text-moss-400" />
            Secure encryption
          </li>
          <li className="flex gap-2">
            <Zap aria-hidden size={16} className="text-moss-400" />
            Instant delivery via Discord
          </li>
          <li className="flex gap-2">
            <ShieldCheck aria-hidden size={16} className="text-moss-400" />
            Priority queue
          </li>
        </ul>
      </section>
      <section aria-labelledby="payment-details" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
        <h2 id="payment-details" className="font-display text-xl font-bold text-white">
          Payment Details
        </h2>
        {!ready ? (
          <form onSubmit={proceed} noValidate className="mt-4 space-y-3">
            <label className="block text-sm font-medium">
              Email
              <input
                className={field}
                type="email"
                name="buyerEmail"
                required
                value={contact.email}
                aria-invalid={emailError ? true : undefined}
                onChange={(e) => setContact({ ...contact, email: e.target.value })}
              />
            </label>
            {emailError && (
              <p role="alert" className="text-sm text-red-300">
                {emailError}
              </p>
            )}
            <label className="block text-sm font-medium">
              Discord username
              <input
                className={field}
                name="buyerDiscord"
                value={contact.discord}
                onChange={(e) => setContact({ ...contact, discord: e.target.value })}
              />
            </label>
            <p className="flex items-center gap-2 text-sm text-slate-300">
              <CreditCard aria-hidden size={16} /> Payment method: Card
            </p>
            <button
              type="submit"
              className="w-full rounded-lg bg-gold-500 px-4 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
            >
              Continue to payment
            </button>
          </form>
        ) : (
          <div className="mt-4">
            <PaymentSection
              request={{
                productType: data.productType as 'whitelist',
                productId: data.productId,
                productName: data.productName,
                price: data.price,
                buyerEmail: contact.email.trim(),
                ...(contact.discord.trim() ? { buyerDiscord: contact.discord.trim() } : {}),
                ...(data.option ? { option: data.option } : {}),
              }}
              payLabel={`Pay ${formatPrice(data.price)}`}
              onCompleted={({ tokensAwarded }) => completed(tokensAwarded)}
            />
          </div>
        )}
        <p className="mt-6 text-xs text-slate-400">
          By purchasing you agree to our Terms of Service and confirm you are 18+ or have parental consent. All sales
          are final.
        </p>
      </section>
    </div>
  );
}
