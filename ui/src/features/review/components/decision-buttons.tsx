import { useEffect, useId, useRef, useState } from 'react';

export interface DecisionOption<S extends string> {
  status: S;
  label: string;
  /** the button's colours */
  className: string;
  /** a decision that cannot be changed afterwards: asked once more before it is sent */
  final: boolean;
  /** the form's own check before the question is asked: false stops it there (the check says why) */
  ready?: () => boolean;
  /** the question asked instead of the final decision's, for a vote that may not decide */
  question?: string;
}

const BUTTON = 'rounded-md px-4 py-2 font-semibold text-white aria-disabled:opacity-60';

/** white text at 4.5:1 or more (WCAG AA): green-700 5.0, yellow-700 4.9, red-700 6.5; hover goes darker */
export const DECISION_COLOURS = {
  approve: 'bg-green-700 hover:bg-green-800',
  review: 'bg-yellow-700 hover:bg-yellow-800',
  refuse: 'bg-red-700 hover:bg-red-800',
} as const;

/**
 * The question a final decision asks before anything is sent: it names the decision and the applicant and says that
 * it cannot be changed, so a slip of the finger on a phone decides nothing. Focus goes to its Yes button; Cancel goes
 * back to what asked.
 */
export function ConfirmDecision({
  label,
  className,
  applicant,
  thing = 'application',
  reader = 'applicant',
  busy,
  question,
  onConfirm,
  onCancel,
}: {
  /** the decision as a verb: Approve, Reject, Deny */
  label: string;
  /** the Yes button's colours */
  className: string;
  applicant: string;
  /** what is decided (application, appeal) and who is told (applicant, player), in the question's words */
  thing?: string;
  reader?: string;
  busy: boolean;
  /** a vote's own question, where it may not decide */
  question?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirm.current?.focus({ preventScroll: true });
    // the whole question and its answers in view, at the foot of a dialog on a phone too
    confirm.current?.closest('fieldset')?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <fieldset aria-label="Confirm the decision" className="grid min-w-0 gap-3 rounded-lg border border-gold-400/60 p-3">
      <p className="text-sm text-slate-100 [overflow-wrap:anywhere]">
        {question ??
          `${label} the ${thing} from ${applicant}? This is final: it cannot be changed afterwards, and the ${reader} is told.`}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          ref={confirm}
          type="button"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
          className={`${BUTTON} ${className}`}
        >
          Yes, {label.toLowerCase()}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100 hover:border-gold-400"
        >
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** A review's decision buttons; a final decision (approve, reject, deny) asks once more (ConfirmDecision). */
export function DecisionButtons<S extends string>({
  options,
  applicant,
  thing,
  reader,
  busy,
  onDecide,
}: {
  options: readonly DecisionOption<S>[];
  applicant: string;
  thing?: string;
  reader?: string;
  busy: boolean;
  onDecide: (status: S) => void;
}) {
  const [asking, setAsking] = useState<S | null>(null);
  const back = useRef<S | null>(null);
  const idPrefix = useId();
  const chosen = options.find((option) => option.status === asking);

  useEffect(() => {
    if (!chosen && back.current) document.getElementById(`${idPrefix}-${back.current}`)?.focus();
    back.current = null;
  }, [chosen, idPrefix]);

  if (chosen)
    return (
      <ConfirmDecision
        label={chosen.label}
        className={chosen.className}
        applicant={applicant}
        thing={thing}
        reader={reader}
        busy={busy}
        question={chosen.question}
        onConfirm={() => {
          setAsking(null);
          onDecide(chosen.status);
        }}
        onCancel={() => {
          back.current = chosen.status;
          setAsking(null);
        }}
      />
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
            if (busy || (option.ready && !option.ready())) return;
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
