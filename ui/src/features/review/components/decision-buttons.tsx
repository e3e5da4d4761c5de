import { useEffect, useId, useRef, useState } from 'react';

export interface DecisionOption<S extends string> {
  status: S;
  label: string;
  /** the button's colours */
  className: string;
  /** a decision that cannot be changed afterwards: asked once more before it is sent */
  final: boolean;
}

const BUTTON = 'rounded-md px-4 py-2 font-semibold text-white aria-disabled:opacity-60';

/** white text at 4.5:1 or more (WCAG AA): green-700 5.0, yellow-700 4.9, red-700 6.5; hover goes darker */
export const DECISION_COLOURS = {
  approve: 'bg-green-700 hover:bg-green-800',
  review: 'bg-yellow-700 hover:bg-yellow-800',
  refuse: 'bg-red-700 hover:bg-red-800',
} as const;

/**
 * A review's decision buttons. A final decision (approve, reject, deny) asks once more, naming the applicant and
 * that it cannot be changed, so a slip of the finger on a phone decides nothing; Cancel goes back to the buttons.
 */
export function DecisionButtons<S extends string>({
  options,
  applicant,
  busy,
  onDecide,
}: {
  options: readonly DecisionOption<S>[];
  applicant: string;
  busy: boolean;
  onDecide: (status: S) => void;
}) {
  const [asking, setAsking] = useState<S | null>(null);
  const back = useRef<S | null>(null);
  const idPrefix = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  const chosen = options.find((option) => option.status === asking);

  useEffect(() => {
    if (chosen) {
      confirm.current?.focus({ preventScroll: true });
      // the whole question and its answers in view, at the foot of a dialog on a phone too
      confirm.current?.closest('fieldset')?.scrollIntoView({ block: 'nearest' });
    } else if (back.current) document.getElementById(`${idPrefix}-${back.current}`)?.focus();
    back.current = null;
  }, [chosen, idPrefix]);

  if (chosen)
    return (
      <fieldset
        aria-label="Confirm the decision"
        className="grid min-w-0 gap-3 rounded-lg border border-gold-400/60 p-3"
      >
        <p className="text-sm text-slate-100">
          {chosen.label} the application from {applicant}? This is final: it cannot be changed afterwards, and the
          applicant is told.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            ref={confirm}
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              setAsking(null);
              onDecide(chosen.status);
            }}
            className={`${BUTTON} ${chosen.className}`}
          >
            Yes, {chosen.label.toLowerCase()}
          </button>
          <button
            type="button"
            onClick={() => {
              back.current = chosen.status;
              setAsking(null);
            }}
            className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100 hover:border-gold-400"
          >
            Cancel
          </button>
        </div>
      </fieldset>
    );

  return (
    <div className="flex flex-wrap gap-3">
      {options.map((option) => (
        <button
          key={option.status}
          id={`${idPrefix}-${option.status}`}
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            if (option.final) setAsking(option.status);
            else onDecide(option.status);
          }}
          className={`${BUTTON} ${option.className}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
