import { type FormEvent, useState } from 'react';
import { API_TOKEN_NAME_MAX, type ApiScope, apiTokenInputSchema } from '@contract/api-tokens.ts';
import { Field, FormSection, fieldErrors } from '@/components/ui/form-fields.tsx';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { useCreateApiToken } from '../api/api-tokens.ts';
import { NewTokenNotice } from './new-token-notice.tsx';
import { ScopeChoices } from './scope-choices.tsx';

/**
 * A new API token: its name and scopes, checked by the server's own schema before sending. Once made, its secret is
 * shown here, once.
 */
export function ApiTokenForm({ allowed }: { allowed: readonly ApiScope[] }) {
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const issues: Record<string, string | undefined> = { ...fieldIssues(create.error), ...problems };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = apiTokenInputSchema.safeParse({ name, scopes });
    setProblems(checked.success ? {} : fieldErrors(checked.error.issues));
    if (!checked.success) return create.reset();
    create.mutate(checked.data, {
      onSuccess: (answer) => {
        setMade({ name: answer.token.name, secret: answer.secret });
        setName('');
        setScopes([]);
      },
    });
  }

  const refusal =
    create.error && Object.keys(fieldIssues(create.error)).length === 0 ? errorMessage(create.error) : null;
  return (
    <div className="mt-6 grid gap-6">
      {made && <NewTokenNotice name={made.name} secret={made.secret} onDismiss={() => setMade(null)} />}
      <form onSubmit={submit} noValidate>
        <FormSection title="New token">
          <Field label="Name" required hint="What reads with it, like “Stats board”" error={issues.name}>
            {(props) => (
              <input
                {...props}
                name="name"
                value={name}
                onChange={(event) => setName(event.target.value)}
                maxLength={API_TOKEN_NAME_MAX}
                autoComplete="off"
              />
            )}
          </Field>
          <ScopeChoices chosen={scopes} allowed={allowed} onChange={setScopes} error={issues.scopes} />
          {refusal && (
            <p role="alert" className="text-sm text-red-300">
              {refusal}
            </p>
          )}
          <div>
            <button
              type="submit"
              disabled={create.isPending}
              className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
            >
              {create.isPending ? 'Creating…' : 'Create token'}
            </button>
          </div>
        </FormSection>
      </form>
    </div>
  );
}
