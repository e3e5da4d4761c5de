import { useQueryClient } from '@tanstack/react-query';
import type { AuthenticatorSetupDto, SecondFactorStatusDto } from '@contract/security.ts';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client.ts';
import { confirmAuthenticatorSetup, securityKeys, startAuthenticatorSetup } from '../api/second-factor.ts';
import { CodeForm } from './code-form.tsx';
import { QrCode } from './qr-code.tsx';
import { CARD, SECONDARY } from './styles.ts';

/** The fallback for a device without passkeys: an authenticator app, set up from a QR code or its key as text. */
export function AuthenticatorSection({
  status,
  onCodes,
}: {
  status: SecondFactorStatusDto;
  onCodes: (codes: string[]) => void;
}) {
  const client = useQueryClient();
  const [setup, setSetup] = useState<AuthenticatorSetupDto | null>(null);
  const [error, setError] = useState<string>();
  return (
    <section aria-labelledby="app-title" className={CARD}>
      <h2 id="app-title" className="font-display text-xl font-bold text-gold-400">
        Authenticator app
      </h2>
      {status.authenticatorApp ? (
        <p className="text-sm text-slate-200">Set up. Its six-digit codes confirm staff actions.</p>
      ) : setup ? (
        <div className="grid gap-3">
          <p className="text-sm text-slate-300">
            Scan this code with your authenticator app (Google Authenticator, Authy, 1Password…), then enter the six
            digits it shows.
          </p>
          <QrCode value={setup.uri} label="QR code for your authenticator app" />
          <p className="text-sm text-slate-300">
            Can't scan? Type this key into the app:{' '}
            <code className="mt-1 block break-all rounded bg-bayou-950 px-2 py-1 font-mono text-slate-100">
              {setup.secret}
            </code>
          </p>
          <CodeForm
            label="Code from the app"
            hint="Six digits; a new one every 30 seconds."
            action="Turn on"
            submit={async (code) => {
              const added = await confirmAuthenticatorSetup(code);
              if (added.recoveryCodes) onCodes(added.recoveryCodes);
              setSetup(null);
              await client.invalidateQueries({ queryKey: securityKeys.all });
            }}
          />
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-300">No passkey on your device? Use six-digit codes from an app instead.</p>
          <button
            type="button"
            className={SECONDARY}
            onClick={async () => {
              setError(undefined);
              try {
                setSetup(await startAuthenticatorSetup());
              } catch (failure) {
                setError(errorMessage(failure));
              }
            }}
          >
            Set up an authenticator app
          </button>
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
