import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { devSignInSchema } from '@contract/auth.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useDevSignIn, useSignInSetup } from '../api/sign-in.ts';

function randomDiscordId(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `${100_000_000 + (digits[0]! % 900_000_000)}${100_000_000 + (digits[1]! % 900_000_000)}`;
}

type Field = 'username' | 'discordId' | 'email';

/** /dev-login: signing in without Discord, offered only while Discord is not configured (never in production). */
export default function DevLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setup = useSignInSetup();
  const signIn = useDevSignIn();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    username: '',
    discordId: randomDiscordId(),
    email: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = devSignInSchema.safeParse({ ...values, returnTo: params.get('returnTo') ?? undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    signIn.mutate(
      { ...values, returnTo: params.get('returnTo') ?? undefined },
      { onSuccess: (data) => navigate(data.redirectTo, { replace: true }) },
    );
  };

  const input = (field: Field, label: string, type = 'text', hint?: string) => (
    <div>
      <label htmlFor={`dev-${field}`} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={`dev-${field}`}
        name={field}
        type={type}
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `dev-${field}-error` : hint ? `dev-${field}-hint` : undefined}
        className="mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus:outline-none"
      />
      {hint && !errors[field] && (
        <p id={`dev-${field}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
      {errors[field] && (
        <p id={`dev-${field}-error`} className="mt-1 text-sm text-red-400">
          {errors[field]}
        </p>
      )}
    </div>
  );

  return (
    <>
      <div
        role="note"
        className="border-b border-amber-500/40 bg-amber-500/15 px-4 py-2 text-center text-sm font-semibold text-amber-200"
      >
        Development sign-in
      </div>
      <PageHeading
        title="Sign in"
        description="Discord is not configured on this server, so pick any username and Discord ID to try the site."
      />
      <div className="mx-auto max-w-md px-4 pb-16">
        {setup.data?.mode === 'discord' ? (
          <p className="text-center text-slate-300">
            This server signs in with Discord.{' '}
            <a href="/api/auth/discord" className="text-gold-400 underline">
              Continue with Discord
            </a>
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-bayou-700 bg-bayou-900 p-5">
            {input('username', 'Username')}
            {input('discordId', 'Discord ID', 'text', 'Digits only. Keep it to sign in as the same player later.')}
            {input('email', 'Email (optional)', 'email')}
            {signIn.isError && (
              <p role="alert" className="text-sm text-red-400">
                {errorMessage(signIn.error)}
              </p>
            )}
            <button
              type="submit"
              disabled={signIn.isPending}
              className="w-full rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
            >
              {signIn.isPending ? 'Signing in...' : 'Sign in'}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
