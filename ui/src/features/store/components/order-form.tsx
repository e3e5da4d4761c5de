import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/form-fields.tsx';
import type { CurrentUser } from '@/features/auth';
import { useFlavourPhrase } from '@/features/flavour';
import type { CheckoutItem } from '../api/use-checkout-item.ts';
import type { CheckoutPricing } from '../api/quote.ts';
import { usePaymentsConfig } from '../api/payments.ts';
import { CreatorCodeBox } from './creator-code-box.tsx';
import { PricedPayment } from './priced-payment.tsx';
import { BanReasonField, unbanDetailsErrors } from './unban-details-form.tsx';
import { ContinueToPayment, GiftFields, giftError, type GiftChoice } from './gift-fields.tsx';
import { paymentRequest } from './payment-request.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Contact = { email: string; discord: string; banReason: string };
type Errors = Partial<Record<keyof Contact | 'giftTo', string>>;

function contactErrors(contact: Contact, unban: boolean): Errors {
  const errors: Errors = {};
  if (!EMAIL.test(contact.email.trim())) errors.email = 'Enter a valid email address.';
  if (unban) {
    const unbanErrors = unbanDetailsErrors({ discordUsername: contact.discord, banReason: contact.banReason });
    if (unbanErrors.discordUsername) errors.discord = unbanErrors.discordUsername;
    if (unbanErrors.banReason) errors.banReason = unbanErrors.banReason;
  }
  return errors;
}

/**
 * The order form's right column: email and Discord name (and, for an unban, the ban reason; else "Buy as a gift"),
 * then the card.
 */
export function OrderForm({
  item,
  user,
  pricing,
  gift,
  onGiftChange,
  onCompleted,
}: {
  item: CheckoutItem;
  user: CurrentUser | null;
  /** the server's price for the order, with the buyer's coupon */
  pricing: CheckoutPricing;
  gift: GiftChoice;
  onGiftChange: (gift: GiftChoice) => void;
  onCompleted: (tokensAwarded: number) => void;
}) {
  const unban = item.product.type === 'unban';
  const payments = usePaymentsConfig();
  const checkoutPhrase = useFlavourPhrase('checkout');
  const [contact, setContact] = useState<Contact>(() => ({
    email: user?.email ?? '',
    discord: user?.discordUsername ?? user?.username ?? '',
    banReason: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [creatorCode, setCreatorCode] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // the contact form goes away once it is accepted: focus stays in the panel rather than falling to the page
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    discord: useRef<HTMLInputElement>(null),
    banReason: useRef<HTMLTextAreaElement>(null),
    giftTo: useRef<HTMLInputElement>(null),
  };

  function proceed(event: FormEvent) {
    event.preventDefault();
    const found: Errors = { ...contactErrors(contact, unban), giftTo: giftError(gift) };
    setErrors(found);
    const first = (['email', 'discord', 'banReason', 'giftTo'] as const).find((key) => found[key]);
    if (first) return refs[first].current?.focus();
    setReady(true);
  }

  const set = (key: keyof Contact) => (event: { target: { value: string } }) =>
    setContact({ ...contact, [key]: event.target.value });
  return (
    <section aria-labelledby="payment-details" className="rounded-2xl border border-bayou-700 bg-bayou-900 p-6">
      <h2 id="payment-details" ref={heading} tabIndex={-1} className="font-display text-xl font-bold text-white">
        Payment Details
      </h2>
      <p className="mt-1 text-sm italic text-moss-300" data-testid="checkout-phrase">
        {checkoutPhrase}
      </p>
      {!ready ? (
        <form onSubmit={proceed} noValidate className="mt-4 space-y-3">
          <Field label="Email" required error={errors.email}>
            {(props) => (
              <input
                {...props}
                ref={refs.email}
                type="email"
                name="buyerEmail"
                value={contact.email}
                onChange={set('email')}
              />
            )}
          </Field>
          <Field label="Discord username" required={unban} error={errors.discord}>
            {(props) => (
              <input
                {...props}
                ref={refs.discord}
                name="buyerDiscord"
                value={contact.discord}
                onChange={set('discord')}
              />
            )}
          </Field>
          {unban && (
            <BanReasonField
              value={contact.banReason}
              onChange={(banReason) => setContact((current) => ({ ...current, banReason }))}
              error={errors.banReason}
              inputRef={refs.banReason}
            />
          )}
          <GiftFields item={item} gift={gift} onChange={onGiftChange} error={errors.giftTo} inputRef={refs.giftTo} />
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <CreditCard aria-hidden size={16} /> Payment method:{' '}
            {payments.data?.mode === 'tebex' ? 'Tebex checkout (card, PayPal and more)' : 'Card'}
          </p>
          <ContinueToPayment />
        </form>
      ) : (
        <div className="mt-4">
          <CreatorCodeBox applied={creatorCode} onApply={setCreatorCode} />
          <PricedPayment
            pricing={pricing}
            priceField="price"
            request={paymentRequest(item, {
              buyerEmail: contact.email,
              buyerDiscord: contact.discord,
              banReason: unban ? contact.banReason : undefined,
              creatorCode,
              gift,
            })}
            onCompleted={({ tokensAwarded }) => onCompleted(tokensAwarded)}
          />
          {gift.on && (
            // a name the server did not find is put right here, not by starting over
            <button
              type="button"
              onClick={() => setReady(false)}
              className="mt-3 text-sm font-semibold text-gold-400 underline"
            >
              Change recipient
            </button>
          )}
        </div>
      )}
      <p className="mt-6 text-xs text-slate-400">
        By purchasing you agree to our Terms of Service and confirm you are 18+ or have parental consent. All sales are
        final.
      </p>
    </section>
  );
}
