import { useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatusDto } from '@contract/security.ts';
import { useState } from 'react';
import { day } from '@/lib/dates.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { addPasskey, passkeyMessage, securityKeys } from '../api/second-factor.ts';
import { CARD, PRIMARY } from './styles.ts';

/** The member's passkeys, and a button to add one. */
export function PasskeySection({
  status,
  onCodes,
}: {
  status: SecondFactorStatusDto;
  onCodes: (codes: string[]) => void;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="passkeys-title" className={CARD}>
      <h2 id="passkeys-title" className="font-display text-xl font-bold text-gold-400">
        Passkeys
      </h2>
      <p className="text-sm text-slate-300">
        A passkey is a key stored on your phone or computer and unlocked with your fingerprint, face or PIN: nothing to
        type, and nothing a fake site can steal.
      </p>
      {status.passkeys.length > 0 ? (
        <ul className="grid gap-1 text-sm text-slate-200">
          {status.passkeys.map((passkey, index) => (
            <li key={passkey.id}>
              Passkey {index + 1}, added {day(passkey.createdAt)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-400">No passkey yet.</p>
      )}
      <button
        type="button"
        className={PRIMARY}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            const added = await addPasskey();
            if (added.recoveryCodes) onCodes(added.recoveryCodes);
            await client.invalidateQueries({ queryKey: securityKeys.all });
          } catch (failure) {
            setError(passkeyMessage(failure) ?? errorMessage(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
