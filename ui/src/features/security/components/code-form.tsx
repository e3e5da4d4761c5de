import { useState } from 'react';
import { Field } from '@/components/ui/form-fields.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { PRIMARY } from './styles.ts';

/** A code typed by the member; `submit` says what the server made of it. */
export function CodeForm({
  label,
  hint,
  action,
  submit,
}: {
  label: string;
  hint: string;
  action: string;
  submit: (code: string) => Promise<unknown>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await submit(code.trim());
          setCode('');
        } catch (failure) {
          setError(errorMessage(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Field label={label} hint={hint} error={error}>
        {(props) => (
          <input
            {...props}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            maxLength={20}
          />
        )}
      </Field>
      <button type="submit" className={PRIMARY} disabled={busy || code.trim().length < 6}>
        {busy ? 'Checking…' : action}
      </button>
    </form>
  );
}
