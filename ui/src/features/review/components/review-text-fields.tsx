import { useId } from 'react';
import { APPLICANT_MESSAGE_MAX_LENGTH } from '@contract/applications.ts';

const textareaClasses =
  'rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/60';

/** The reviewers' own notes: never shown to the applicant. */
export function ReviewNotesField({
  value,
  onChange,
  label = 'Review notes',
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const hint = useId();
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={`${hint}-notes`} className="font-semibold text-slate-200">
        {label}
      </label>
      <textarea
        id={`${hint}-notes`}
        aria-describedby={hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        placeholder={placeholder}
        className={textareaClasses}
      />
      <p id={hint} className="text-xs text-slate-400">
        Internal: only staff read these. The applicant never sees them.
      </p>
    </div>
  );
}

/** What the applicant reads on their application page and in the Discord message about the decision. */
export function ApplicantMessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const hint = useId();
  const left = APPLICANT_MESSAGE_MAX_LENGTH - value.length;
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={`${hint}-message`} className="font-semibold text-slate-200">
        Message to the applicant (optional)
      </label>
      <textarea
        id={`${hint}-message`}
        aria-describedby={hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={APPLICANT_MESSAGE_MAX_LENGTH}
        rows={3}
        placeholder="What went well, what to work on, what happens next"
        className={textareaClasses}
      />
      <p id={hint} className="text-xs text-slate-400">
        The applicant reads this on their application page and in their Discord notification. {left} characters left.
      </p>
    </div>
  );
}
