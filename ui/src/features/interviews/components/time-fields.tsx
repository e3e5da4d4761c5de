import { INTERVIEW_LENGTHS } from '@contract/interview-paths.ts';
import type { StaffInterviewsDto } from '@contract/interviews.ts';
import { Field } from '@/components/ui/form-fields.tsx';

/** Who holds the interview: the kind's reviewers, the one reading marked "(you)". */
export function ReviewerField({
  reviewers,
  value,
  onChange,
  error,
}: {
  reviewers: StaffInterviewsDto['reviewers'];
  value: string;
  onChange: (reviewerId: string) => void;
  error?: string;
}) {
  return (
    <Field label="Held by" error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {reviewers.map((reviewer) => (
            <option key={reviewer.id} value={reviewer.id}>
              {reviewer.you ? `${reviewer.name} (you)` : reviewer.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** How long it lasts: the usual lengths, and the one it has now when that is another. */
export function LengthField({ value, onChange }: { value: number; onChange: (minutes: number) => void }) {
  return (
    <Field label="Length">
      {(props) => (
        <select {...props} value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {[...new Set<number>([...INTERVIEW_LENGTHS, value])].map((length) => (
            <option key={length} value={length}>
              {length} minutes
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
