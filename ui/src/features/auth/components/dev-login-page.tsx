import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { devSignInSchema } from '@contract/auth.ts';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useFlavourPhrase } from '@/features/flavour';
import { useDevSignIn, useSignInSetup } from '../api/sign-in.ts';
import { signInPath } from '../api/sign-in-path.ts';

function randomDiscordId(): string {
  const digits = crypto.getRandomValues(new Uint32Array(2));
  return `${100_000_000 + (digits[0] % 900_000_000)}${100_000_000 + (digits[1] % 900_000_000)}`;
}

type Field = 'username' | 'discordId' | 'email';
const FIELDS: readonly Field[] = ['username', 'discordId', 'email'];

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
  const form = useRef<HTMLFormElement>(null);
  const loginPhrase = useFlavourPhrase('login');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = devSignInSchema.safeParse({ ...values, returnTo: params.get('returnTo') ?? undefined });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      // the first field to fix gets focus (and scrolls into view), so its message is read out with it
      const first = FIELDS.find((field) => found[field]);
      if (first) form.current?.querySelector<HTMLInputElement>(`#dev-${first}`)?.focus();
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
        className="mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 aria-[invalid=true]:border-red-400"
      />
      {hint && !errors[field] && (
        <p id={`dev-${field}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
      {errors[field] && (
        <p id={`dev-${field}-error`} role="alert" className="mt-1 text-sm text-red-300">
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
      >
        <p className="mt-2 italic text-moss-300" data-testid="login-phrase">
          {loginPhrase}
        </p>
      </PageHeading>
      <div className="mx-auto max-w-md px-4 pb-16">
        {setup.data?.mode === 'discord' ? (
          <p className="text-center text-slate-300">
            This server signs in with Discord.{' '}
            <a href={signInPath(params.get('returnTo') ?? '/')} className="text-gold-400 underline">
              Continue with Discord
            </a>
          </p>
        ) : (
          <form
            ref={form}
            onSubmit={submit}
            noValidate
            className="space-y-4 rounded-lg border border-bayou-700 bg-bayou-900 p-5"
          >
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
            <p className="text-xs text-slate-400" data-testid="dev-roles-hint">
              Every new account is a player. To try the review and admin screens, give a Discord ID a role with{' '}
              <code className="text-slate-300">npm run cli -- users role &lt;Discord ID&gt; staff</code> (or{' '}
              <code className="text-slate-300">admin</code>) after its first sign-in, or list it in{' '}
              <code className="text-slate-300">ADMIN_DISCORD_IDS</code>.
            </p>
          </form>
        )}
      </div>
    </>
  );
}
