import { REASON_MAX_LENGTH } from '@contract/interview-paths.ts';
import { Field } from '@/components/ui/form-fields.tsx';

/** Why an interview moves or is cancelled: the other side reads it. */
export function ReasonField({
  value,
  onChange,
  error,
  label = 'Reason (the other side reads it)',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
}) {
  return (
    <Field label={label} error={error} required>
      {(props) => (
        <textarea
          {...props}
          rows={2}
          maxLength={REASON_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
