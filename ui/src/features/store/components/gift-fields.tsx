import { type FormEvent, type Ref, useRef, useState } from 'react';
import { GIFT_MONTHS } from '@contract/payments.ts';
import { CheckboxField, Field } from '@/components/ui/form-fields.tsx';
import type { CheckoutItem } from '../api/use-checkout-item.ts';
import { GiftMonthsField } from './gift-months-field.tsx';

/** "Buy as a gift": who for, and a gifted Priority Pass's months. */
export interface GiftChoice {
  on: boolean;
  to: string;
  months: number;
}

export const NO_GIFT: GiftChoice = { on: false, to: '', months: GIFT_MONTHS[0] };

export const isPass = (item: CheckoutItem) => item.product.type === 'whitelist';

/** an unban is about the buyer's own ban: it is never a gift */
export const giftable = (item: CheckoutItem) => item.product.type !== 'unban';

/** a gifted pass's months, which the server prices at once; null for anything else */
export function giftMonths(item: CheckoutItem, gift: GiftChoice): number | null {
  return gift.on && isPass(item) ? gift.months : null;
}

export function giftError(gift: GiftChoice): string | undefined {
  return gift.on && !gift.to.trim() ? "Enter the recipient's Discord ID or player name." : undefined;
}

export function GiftFields({
  item,
  gift,
  onChange,
  error,
  inputRef,
}: {
  item: CheckoutItem;
  gift: GiftChoice;
  onChange: (gift: GiftChoice) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  if (!giftable(item)) return null;
  return (
    <div className="grid gap-3 rounded-lg border border-bayou-700 bg-bayou-950 p-3">
      <CheckboxField label="Buy as a gift" checked={gift.on} onChange={(on) => onChange({ ...gift, on })} />
      {gift.on && (
        <Field
          label="Recipient's Discord ID or player name"
          required
          error={error}
          hint="A player who has never signed in receives it when they first do."
        >
          {(props) => (
            <input
              {...props}
              ref={inputRef}
              name="giftTo"
              autoComplete="off"
              value={gift.to}
              onChange={(event) => onChange({ ...gift, to: event.target.value })}
            />
          )}
        </Field>
      )}
      {gift.on && isPass(item) && (
        <GiftMonthsField item={item} months={gift.months} onChange={(months) => onChange({ ...gift, months })} />
      )}
    </div>
  );
}

/** the order summary's line for a gift */
export function GiftSummary({ item, gift }: { item: CheckoutItem; gift: GiftChoice }) {
  if (!gift.on || !gift.to.trim()) return null;
  const months = isPass(item) ? `, ${gift.months} ${gift.months === 1 ? 'month' : 'months'}` : '';
  return (
    <p className="mt-2 break-words text-sm font-semibold text-moss-300" data-testid="gift-summary">
      Gift for {gift.to.trim()}
      {months}
    </p>
  );
}

/**
 * The gift step of a checkout that opens the payment at once: ticking "Buy as a gift" holds the payment back until
 * the recipient is entered and confirmed; then it opens for them, and "Change recipient" goes back.
 */
export function GiftStep({
  item,
  gift,
  onChange,
  ready,
  onReady,
}: {
  item: CheckoutItem;
  gift: GiftChoice;
  onChange: (gift: GiftChoice) => void;
  ready: boolean;
  onReady: (ready: boolean) => void;
}) {
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  if (ready)
    return (
      <p className="mb-4 text-sm text-slate-200">
        <button type="button" onClick={() => onReady(false)} className="font-semibold text-gold-400 underline">
          Change recipient
        </button>
      </p>
    );
  function confirm(event: FormEvent) {
    event.preventDefault();
    const found = giftError(gift);
    setError(found);
    if (found) input.current?.focus();
    else onReady(true);
  }
  return (
    <form onSubmit={confirm} noValidate className="mb-4 grid gap-3">
      <GiftFields item={item} gift={gift} onChange={onChange} error={error} inputRef={input} />
      {gift.on && <ContinueToPayment />}
    </form>
  );
}

/** the submit button of a checkout's details, before the payment opens */
export function ContinueToPayment() {
  return (
    <button
      type="submit"
      className="w-full rounded-lg bg-gold-500 px-4 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
    >
      Continue to payment
    </button>
  );
}
