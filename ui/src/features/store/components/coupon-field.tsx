import { useId, useState, type FormEvent } from 'react';
import { COUPON_CODE_INPUT_MAX_LENGTH } from '@contract/promotions.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { formatMoney } from '@/lib/format.ts';
import type { CheckoutPricing } from '../api/quote.ts';
import { useSecondsLeft } from '../api/rate-limit.ts';

/**
 * "Coupon code" with Apply: the server says whether it applies and, if not, why. After too many codes, Apply waits
 * out the limit, counting down, and is offered again when the wait ends.
 */
export function CouponField({ pricing, disabled = false }: { pricing: CheckoutPricing; disabled?: boolean }) {
  const id = useId();
  const [code, setCode] = useState(pricing.entered);
  const wait = useSecondsLeft(pricing.waitUntil);
  const asking = pricing.entered !== '' && !pricing.quote && !pricing.error;
  const message = pricing.error
    ? errorMessage(pricing.error, 'The code could not be checked. Please try again.')
    : pricing.refusal;

  function apply(event: FormEvent) {
    event.preventDefault();
    pricing.apply(code);
  }

  return (
    <form onSubmit={apply} noValidate className="mt-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        Coupon code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="couponCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={COUPON_CODE_INPUT_MAX_LENGTH}
          aria-invalid={Boolean(message)}
          aria-describedby={`${id}-status`}
          className="w-full min-w-0 rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 uppercase text-slate-100 placeholder:normal-case placeholder:text-slate-500 focus:border-gold-400 disabled:opacity-70 aria-[invalid=true]:border-red-400"
        />
        <button
          type="submit"
          disabled={disabled || code.trim() === '' || asking || wait > 0}
          // the checkout has a creator code's Apply too
          aria-label="Apply coupon"
          className="shrink-0 rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
        >
          Apply
        </button>
      </div>
      <div id={`${id}-status`} aria-live="polite" className="mt-1 text-sm">
        {asking && <p className="text-slate-300">Checking the code...</p>}
        {wait > 0 && (
          <p className="text-red-300" data-testid="coupon-wait">
            Too many coupon codes tried. Try again in{' '}
            <span role="timer">
              {wait} {wait === 1 ? 'second' : 'seconds'}
            </span>
            . The price shown is without a code.
          </p>
        )}
        {message && (
          <p className="text-red-300" data-testid="coupon-refused">
            {message}
          </p>
        )}
        {pricing.quote?.coupon && (
          <p className="text-moss-300" data-testid="coupon-applied">
            {pricing.quote.coupon.code} applied: {formatMoney(-pricing.quote.coupon.discount)}.{' '}
            {!disabled && (
              <button
                type="button"
                onClick={() => {
                  setCode('');
                  pricing.remove();
                }}
                className="font-semibold text-gold-400 underline"
              >
                Remove
              </button>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
