import { useRef, useState } from 'react';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';

export type ReviewField = 'reviewNotes' | 'applicantMessage';
export interface ReviewAlert {
  title: string;
  description: string;
}

const FIELDS: ReviewField[] = ['reviewNotes', 'applicantMessage'];

/**
 * The notes and message of a review, with what is wrong with them: a message per field (shown at the field, never
 * naming it) and an alert for the whole review. A refusal moves focus to the field at fault, or to the alert, so
 * focus never falls out of the dialog or panel the review sits in.
 */
export function useReviewForm(initialNotes = '') {
  const [notes, setNotesValue] = useState(initialNotes);
  const [message, setMessageValue] = useState('');
  const [errors, setErrors] = useState<Partial<Record<ReviewField, string>>>({});
  const [alert, setAlert] = useState<ReviewAlert | null>(null);
  const refs = {
    reviewNotes: useRef<HTMLTextAreaElement>(null),
    applicantMessage: useRef<HTMLTextAreaElement>(null),
  };
  const alertRef = useRef<HTMLDivElement>(null);

  const focusLater = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());
  const edit = (field: ReviewField, set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  /** A check in the browser failed: the field says why, nothing is sent. */
  const block = (field: ReviewField, text: string) => {
    setErrors({ [field]: text });
    setAlert(null);
    focusLater(refs[field]);
  };

  /** The whole review is refused before sending (no field at fault). */
  const warn = (next: ReviewAlert) => {
    setErrors({});
    setAlert(next);
    focusLater(alertRef);
  };

  /** The server refused: its field messages go to the fields, the rest to the alert. */
  const refused = (error: unknown, title: string, fallback?: string) => {
    const issues = fieldIssues(error);
    const mapped = Object.fromEntries(FIELDS.filter((field) => issues[field]).map((field) => [field, issues[field]]));
    const first = FIELDS.find((field) => mapped[field]);
    const others = Object.values(issues);
    setErrors(mapped);
    setAlert({
      title,
      // a 400's summary names the fields: its messages are shown alone
      description: first
        ? 'Please fix the highlighted field.'
        : others.length > 0
          ? others.join(' ')
          : (fallback ?? errorMessage(error)),
    });
    focusLater(first ? refs[first] : alertRef);
  };

  return {
    notes,
    message,
    setNotes: edit('reviewNotes', setNotesValue),
    setMessage: edit('applicantMessage', setMessageValue),
    errors,
    alert,
    refs,
    alertRef,
    block,
    warn,
    refused,
  };
}
