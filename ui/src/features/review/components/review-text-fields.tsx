import { type ReactNode, type Ref, useId } from 'react';
import { APPLICANT_MESSAGE_MAX_LENGTH } from '@contract/applications.ts';
import { type TemplateContext, TemplatePicker } from './template-picker.tsx';

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

/** A review's text field: its label, the value, what is wrong with it, and a hint read with it. */
function ReviewTextField({
  id,
  value,
  onChange,
  error,
  inputRef,
  label,
  placeholder,
  maxLength,
  hint,
}: FieldProps & { id: string; label: string; placeholder?: string; maxLength?: number; hint: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <label htmlFor={`${id}-field`} className="font-semibold text-slate-200">
        {label}
      </label>
      <textarea
        id={`${id}-field`}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}` : id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        rows={3}
        placeholder={placeholder}
        className={`${textareaClasses} ${borderOf(error)}`}
      />
      <FieldError id={`${id}-error`} error={error} />
      <p id={id} className="text-xs text-slate-400">
        {hint}
      </p>
    </div>
  );
}

/** The reviewers' own notes: never shown to the applicant. */
export function ReviewNotesField({
  label = 'Review notes',
  reader = 'applicant',
  ...field
}: FieldProps & { label?: string; placeholder?: string; reader?: string }) {
  const id = useId();
  return (
    <ReviewTextField
      id={id}
      label={label}
      hint={<>Internal: only staff read these. The {reader} never sees them.</>}
      {...field}
    />
  );
}

/** What the applicant reads on their application page and in the Discord message about the decision. */
export function ApplicantMessageField({
  label = 'Message to the applicant (optional)',
  thing = 'application',
  reader = 'applicant',
  ...field
}: FieldProps & { label?: string; thing?: string; reader?: string }) {
  const id = useId();
  const left = APPLICANT_MESSAGE_MAX_LENGTH - field.value.length;
  return (
    <ReviewTextField
      id={id}
      label={label}
      maxLength={APPLICANT_MESSAGE_MAX_LENGTH}
      placeholder="What went well, what to work on, what happens next"
      hint={
        <>
          The {reader} reads this on their {thing} page, and in the Discord message about the decision where the
          site&apos;s Discord bot is set up. {left} characters left.
        </>
      }
      {...field}
    />
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
  templates,
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
  /** the answer templates offered for the message, where the dialog knows who it is for */
  templates?: TemplateContext;
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
      {templates && <TemplatePicker context={templates} onPick={form.setMessage} />}
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
