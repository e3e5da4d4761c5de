import { AGE_ANSWER_LABELS, AGE_ANSWERS, type AgeAnswer, WITHDRAWAL_CONSENT } from '@contract/payments.ts';

/** What the buyer answered above the payment: the withdrawal consent, and their age before a first purchase. */
export interface CheckoutTermsValue {
  consent: boolean;
  age: AgeAnswer | null;
}

export const NO_TERMS: CheckoutTermsValue = { consent: false, age: null };

/** Whether the answers let the buyer pay: the box ticked, and the age answered where it is asked. */
export function termsAgreed(value: CheckoutTermsValue, askAge: boolean): boolean {
  return value.consent && (!askAge || value.age !== null);
}

/** What the checkout request carries once agreed: the consent's wording version, and the age where it was asked. */
export function agreedTerms(value: CheckoutTermsValue, askAge: boolean) {
  return {
    withdrawalConsent: WITHDRAWAL_CONSENT.version,
    ...(askAge && value.age ? { ageDeclaration: value.age } : {}),
  };
}

/**
 * The express consent to delivery starting at once, with the acknowledgement that the 14-day right of withdrawal ends
 * with it: an unticked box, above the payment, which stays hidden until it is ticked. Before a buyer's first purchase,
 * the age question too.
 */
export function CheckoutTerms({
  value,
  askAge,
  onChange,
}: {
  value: CheckoutTermsValue;
  askAge: boolean;
  onChange: (value: CheckoutTermsValue) => void;
}) {
  return (
    <div className="space-y-3 rounded-lg border border-bayou-700 bg-bayou-950 p-3 text-sm" data-testid="checkout-terms">
      {askAge && (
        <fieldset>
          <legend className="font-semibold text-slate-100">Your age</legend>
          <div className="mt-1 space-y-1">
            {AGE_ANSWERS.map((answer) => (
              <label key={answer} className="flex min-h-6 items-start gap-2 text-slate-200">
                <input
                  type="radio"
                  name="ageDeclaration"
                  value={answer}
                  checked={value.age === answer}
                  onChange={() => onChange({ ...value, age: answer })}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-gold-500"
                />
                <span>{AGE_ANSWER_LABELS[answer]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="flex items-start gap-2 text-slate-200">
        <input
          type="checkbox"
          name="withdrawalConsent"
          checked={value.consent}
          onChange={(event) => onChange({ ...value, consent: event.target.checked })}
          className="mt-0.5 h-4 w-4 shrink-0 accent-gold-500"
        />
        <span>{WITHDRAWAL_CONSENT.text}</span>
      </label>
      {!termsAgreed(value, askAge) && (
        <p className="text-slate-400" data-testid="terms-needed">
          {askAge ? 'Answer the age question and tick the box to pay.' : 'Tick the box to pay.'}
        </p>
      )}
    </div>
  );
}
