import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { signInPath, useCurrentUser } from '@/features/auth';
import { useSecondFactorStatus } from '../api/second-factor.ts';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { PasskeySection } from './passkey-section.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The member's second factor: passkeys first, an authenticator app as the fallback, and the one-time recovery codes. */
export default function SecurityPage() {
  const current = useCurrentUser();
  const status = useSecondFactorStatus(Boolean(current.user));
  const [codes, setCodes] = useState<string[] | null>(null);
  const [params] = useSearchParams();
  if (current.isSignedIn === undefined || (current.user && !status.data))
    return (
      <div className="min-h-screen">
        <Spinner label="Loading your security settings" />
      </div>
    );
  if (!current.user || !status.data)
    return (
      <section className="mx-auto min-h-screen max-w-xl px-4 py-16 text-center">
        <title>Security | Bayou Roleplay</title>
        <h1 className="font-display text-3xl font-bold text-gold-400">Security</h1>
        <p className="mt-4 text-slate-300">Sign in to set up your passkey or authenticator app.</p>
        <a
          href={signInPath(paths.accountSecurity)}
          className="mt-8 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950"
        >
          Sign in with Discord
        </a>
      </section>
    );
  const data = status.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-5 px-4 pb-16 pt-10">
      <header className="text-center">
        <title>Security | Bayou Roleplay</title>
        <h1 className="font-display text-3xl font-bold text-gold-400 sm:text-4xl">Security</h1>
        <p className="mt-3 text-slate-300">
          Refunds, bans, token and role changes need a second factor besides your Discord sign-in, so a stolen session
          or an unlocked laptop cannot use them.
        </p>
      </header>
      {data.required && !data.enrolled && (
        <p role="status" className="rounded-lg border border-gold-400 bg-bayou-900 p-4 text-slate-100">
          {params.get('setup') === 'required' ? 'Staff actions are locked until you set one up. ' : ''}
          Add a passkey, or an authenticator app if your device has no passkeys.
        </p>
      )}
      {data.enrolled && (
        <p role="status" className="rounded-lg border border-green-600 bg-bayou-900 p-4 text-slate-100">
          Your second factor is set up. {data.recoveryCodesLeft} recovery code
          {data.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
      )}
      {codes && <RecoveryCodes codes={codes} />}
      <PasskeySection status={data} onCodes={setCodes} />
      <AuthenticatorSection status={data} onCodes={setCodes} />
      <p className="text-sm text-slate-300">
        Lost your phone or passkey? Use a recovery code, or ask an admin to reset your second factor; then set up a new
        one here.
      </p>
      <Link to={paths.account} className="text-sm text-gold-400 underline">
        Back to my account
      </Link>
    </div>
  );
}
