import type { ReactNode } from 'react';
import { type DecisionOption, DecisionButtons } from './decision-buttons.tsx';
import { ReviewAlertBox, ReviewFields } from './review-text-fields.tsx';
import type { TemplateContext } from './template-picker.tsx';
import type { useReviewForm } from './use-review-form.ts';

/** The moves of `buttons` (in their order) that a kind allows from the status an application has now. */
export function allowedMoves<S extends string>(buttons: Record<S, unknown>, allowedFromNow: readonly string[]): S[] {
  return (Object.keys(buttons) as S[]).filter((status) => allowedFromNow.includes(status));
}

/**
 * The foot of a review dialog: a decided application says its decision is final; an open one gets what the
 * decision does (`children`), the notes and message, the refusal, and a button for each move allowed.
 */
export function DecisionSection<S extends string>({
  thing,
  status,
  options,
  form,
  messageLabel,
  reader,
  applicant,
  busy,
  onDecide,
  templates,
  children,
}: {
  /** what is decided, as the final line names it: application, appeal */
  thing: string;
  status: string;
  options: readonly DecisionOption<S>[];
  form: ReturnType<typeof useReviewForm>;
  messageLabel?: string;
  /** who reads the message and is told of the decision: applicant, player */
  reader?: string;
  applicant: string;
  busy: boolean;
  onDecide: (status: S) => void;
  /** the answer templates offered for the message */
  templates?: TemplateContext;
  children?: ReactNode;
}) {
  if (options.length === 0)
    return (
      <p className="rounded-lg border border-bayou-700 p-3 text-sm text-slate-300">
        This {thing} has been {status}; the decision is final.
      </p>
    );
  return (
    <div className="grid gap-3">
      {children}
      <ReviewFields form={form} messageLabel={messageLabel} thing={thing} reader={reader} templates={templates} />
      <ReviewAlertBox alert={form.alert} alertRef={form.alertRef} />
      <DecisionButtons
        options={options}
        applicant={applicant}
        thing={thing}
        reader={reader}
        busy={busy}
        onDecide={onDecide}
      />
    </div>
  );
}
