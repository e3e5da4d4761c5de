import { type Ref, useId } from 'react';
import { APPLICANT_MESSAGE_MAX_LENGTH } from '@contract/applications.ts';

const textareaClasses =
  'rounded-md border bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/60';
const borderOf = (error: string | undefined) => (error ? 'border-red-400' : 'border-bayou-600');

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** what is wrong with the value, shown under the field and read with it */
  error?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A field's message: its text only, never the field's name. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} data-testid="field-error" className="text-sm font-semibold text-red-300">
      {error}
    </p>
  );
}

/** The reviewers' own notes: never shown to the applicant. */
export function ReviewNotesField({
  value,
  onChange,
  error,
  inputRef,
  label = 'Review notes',
  placeholder,
  reader = 'applicant',
}: FieldProps & { label?: string; placeholder?: string; reader?: string }) {
  const hint = useId();
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <label htmlFor={`${hint}-notes`} className="font-semibold text-slate-200">
        {label}
      </label>
      <textarea
        id={`${hint}-notes`}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hint}-error ${hint}` : hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        placeholder={placeholder}
        className={`${textareaClasses} ${borderOf(error)}`}
      />
      <FieldError id={`${hint}-error`} error={error} />
      <p id={hint} className="text-xs text-slate-400">
        Internal: only staff read these. The {reader} never sees them.
      </p>
    </div>
  );
}

/** What the applicant reads on their application page and in the Discord message about the decision. */
export function ApplicantMessageField({
  value,
  onChange,
  error,
  inputRef,
  label = 'Message to the applicant (optional)',
  thing = 'application',
  reader = 'applicant',
}: FieldProps & { label?: string; thing?: string; reader?: string }) {
  const hint = useId();
  const left = APPLICANT_MESSAGE_MAX_LENGTH - value.length;
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <label htmlFor={`${hint}-message`} className="font-semibold text-slate-200">
        {label}
      </label>
      <textarea
        id={`${hint}-message`}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hint}-error ${hint}` : hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={APPLICANT_MESSAGE_MAX_LENGTH}
        rows={3}
        placeholder="What went well, what to work on, what happens next"
        className={`${textareaClasses} ${borderOf(error)}`}
      />
      <FieldError id={`${hint}-error`} error={error} />
      <p id={hint} className="text-xs text-slate-400">
        The {reader} reads this on their {thing} page, and in the Discord message about the decision where the
        site&apos;s Discord bot is set up. {left} characters left.
      </p>
    </div>
  );
}

/** Both fields of a review, wired to `useReviewForm`. */
export function ReviewFields({
  form,
  notesLabel,
  notesPlaceholder,
  messageLabel,
  thing,
  reader,
}: {
  form: {
    notes: string;
    message: string;
    setNotes: (value: string) => void;
    setMessage: (value: string) => void;
    errors: { reviewNotes?: string; applicantMessage?: string };
    refs: { reviewNotes: Ref<HTMLTextAreaElement>; applicantMessage: Ref<HTMLTextAreaElement> };
  };
  notesLabel?: string;
  notesPlaceholder?: string;
  /** the message field's label, where the kind's own words differ */
  messageLabel?: string;
  /** what is decided and who reads the message, where they are not an application and its applicant */
  thing?: string;
  reader?: string;
}) {
  return (
    <>
      <ReviewNotesField
        value={form.notes}
        onChange={form.setNotes}
        error={form.errors.reviewNotes}
        inputRef={form.refs.reviewNotes}
        label={notesLabel}
        placeholder={notesPlaceholder}
        reader={reader}
      />
      <ApplicantMessageField
        value={form.message}
        onChange={form.setMessage}
        error={form.errors.applicantMessage}
        inputRef={form.refs.applicantMessage}
        label={messageLabel}
        thing={thing}
        reader={reader}
      />
    </>
  );
}

/** A refusal shown where the reviewer is working (inside the dialog or panel), read out at once. */
export function ReviewAlertBox({
  alert,
  alertRef,
}: {
  alert: { title: string; description: string } | null;
  alertRef: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={alertRef} tabIndex={-1} role="alert" className="focus:outline-none">
      {alert && (
        <div className="rounded-md border border-red-400/60 bg-red-950 p-3 text-sm text-red-50">
          <p className="font-semibold">{alert.title}</p>
          <p className="[overflow-wrap:anywhere]">{alert.description}</p>
        </div>
      )}
    </div>
  );
}
