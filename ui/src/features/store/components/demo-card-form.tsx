import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { useFlavourPhrase } from '@/features/flavour';
import { confirmDemoPayment } from '../api/payments.ts';
import type { PaymentFormProps } from './payment-form-props.ts';

const input =
  'mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 placeholder:text-slate-500 focus:border-gold-400';

/** The card form of the offline demo gateway: it follows Stripe's test cards and charges nothing. */
export function DemoCardForm({ clientSecret, payLabel, onPaid, onError }: PaymentFormProps) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [paying, setPaying] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (paying) return;
    setPaying(true);
    try {
      const result = await confirmDemoPayment({
        clientSecret,
        cardNumber: card.number,
        expiry: card.expiry || undefined,
        cvc: card.cvc || undefined,
      });
      if (result.error || result.paymentIntent.status !== 'succeeded')
        onError(result.error?.message ?? 'The payment did not go through.');
      else await onPaid(result.paymentIntent.id);
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Card payment" className="space-y-3">
      <p className="rounded-md border border-gold-500/40 bg-gold-500/10 px-3 py-2 text-xs text-gold-300">
        Demo payments: no card is charged. Use 4242 4242 4242 4242 with any future date and CVC.
      </p>
      <label className="block text-sm font-medium text-slate-200">
        Card number
        <input
          className={input}
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          required
          value={card.number}
          onChange={(e) => setCard({ ...card, number: e.target.value })}
        />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm font-medium text-slate-200">
          Expiry
          <input
            className={input}
            name="exp-date"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: e.target.value })}
          />
        </label>
        <label className="block text-sm font-medium text-slate-200">
          CVC
          <input
            className={input}
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            placeholder="123"
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value })}
          />
        </label>
      </div>
      <PayButton paying={paying} label={payLabel} />
    </form>
  );
}

/**
 * Busy or not ready, the button says so with aria-disabled and ignores presses instead of turning `disabled`: a
 * disabled button drops keyboard focus to the page, and the player would have to find their way back. A processing
 * phrase tells the buyer something is happening.
 */
export function PayButton({ paying, label, disabled = false }: { paying: boolean; label: string; disabled?: boolean }) {
  const phrase = useFlavourPhrase('processing');
  const inactive = paying || disabled;
  return (
    <div className="space-y-2">
      <button
        type="submit"
        aria-disabled={inactive || undefined}
        onClick={(event) => {
          if (inactive) event.preventDefault();
        }}
        className="w-full rounded-lg bg-gold-500 px-4 py-3 font-semibold text-bayou-950 hover:bg-gold-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-gold-500"
      >
        {paying ? 'Processing...' : label}
      </button>
      <p
        role="status"
        data-testid="processing-phrase"
        className="min-h-[1.25rem] text-center text-sm italic text-moss-300"
      >
        {paying ? phrase : ''}
      </p>
    </div>
  );
}
