import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/form-fields.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { useAddCreator } from '../api/creators.ts';

const EMPTY = { discordId: '', code: '', sharePercent: '' };
type Values = typeof EMPTY;

/** Makes a player (who has signed in once) a creator; the server checks every field and says why it refuses. */
export function AddCreatorForm() {
  const add = useAddCreator();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const share = values.sharePercent.trim();
    add.mutate(
      {
        discordId: values.discordId.trim(),
        code: values.code.trim(),
        sharePercent: share === '' ? Number.NaN : Number(share),
      },
      {
        onSuccess: (creator) => {
          setValues(EMPTY);
          setErrors({});
          toast({ title: `${creator.code} added for ${creator.name}`, variant: 'success' });
        },
        onError: (error) => {
          const issues = fieldIssues(error);
          setErrors(issues);
          if (Object.keys(issues).length === 0) setProblem(errorMessage(error));
        },
      },
    );
  }

  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  return (
    <section
      aria-labelledby="add-creator-heading"
      className="mt-8 rounded-2xl border border-bayou-700 bg-bayou-900 p-6"
    >
      <h2 id="add-creator-heading" className="font-display text-xl font-bold text-white">
        Add a creator
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-3">
        <Field label="Discord ID" required error={errors.discordId} hint="The player must have signed in once.">
          {(props) => (
            <input
              {...props}
              name="discordId"
              inputMode="numeric"
              value={values.discordId}
              onChange={set('discordId')}
            />
          )}
        </Field>
        <Field label="Code" required error={errors.code} hint="3 to 24 letters, digits, - or _.">
          {(props) => <input {...props} name="code" autoComplete="off" value={values.code} onChange={set('code')} />}
        </Field>
        <Field label="Share (%)" required error={errors.sharePercent} hint="Whole percent of the money taken.">
          {(props) => (
            <input
              {...props}
              name="sharePercent"
              type="number"
              min={0}
              max={100}
              step={1}
              value={values.sharePercent}
              onChange={set('sharePercent')}
            />
          )}
        </Field>
        {problem && (
          <p role="alert" className="text-sm text-red-300 sm:col-span-3">
            {problem}
          </p>
        )}
        <div className="sm:col-span-3">
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-70"
          >
            {add.isPending ? 'Adding...' : 'Add creator'}
          </button>
        </div>
      </form>
    </section>
  );
}
