import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { errorMessage } from '@/lib/api-client.ts';
import {
  checkWithCode,
  checkWithPasskey,
  passkeyMessage,
  securityKeys,
  useSecondFactorStatus,
} from '../api/second-factor.ts';
import { finishStepUp } from '../api/step-up.ts';
import { CodeForm } from './code-form.tsx';
import { PRIMARY } from './styles.ts';

/** Asks for the second factor before a staff action: the passkey first, a code from the app or a recovery code else. */
export default function SecondFactorPrompt() {
  const client = useQueryClient();
  const status = useSecondFactorStatus();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const passed = async () => {
    await client.invalidateQueries({ queryKey: securityKeys.all });
    finishStepUp(true);
  };
  const hasPasskey = (status.data?.passkeys.length ?? 0) > 0;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && finishStepUp(false)}>
      <Dialog.Portal>
        {/* above the confirmation it interrupts (z-[60]) */}
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[70] grid max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-gold-400/60 bg-bayou-900 p-5 text-slate-100 shadow-xl">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="font-display text-xl font-bold text-gold-400">Confirm it's you</Dialog.Title>
            <Dialog.Close aria-label="Close" className="shrink-0 rounded-md p-1 text-slate-300 hover:bg-bayou-800">
              <X aria-hidden size={18} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-300">
            Refunds, bans, token and role changes ask for your second factor again when the last check is over 10
            minutes old. Your action goes ahead as soon as this check passes.
          </Dialog.Description>
          {hasPasskey && (
            <div className="grid gap-2">
              <button
                type="button"
                className={PRIMARY}
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  setError(undefined);
                  try {
                    await checkWithPasskey();
                    await passed();
                  } catch (failure) {
                    setError(passkeyMessage(failure) ?? errorMessage(failure));
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                <KeyRound aria-hidden size={18} />
                {busy ? 'Waiting for your passkey…' : 'Use my passkey'}
              </button>
              {error && (
                <p role="alert" className="text-sm text-red-300">
                  {error}
                </p>
              )}
            </div>
          )}
          <CodeForm
            label={hasPasskey ? 'Or enter a code' : 'Code'}
            hint="Six digits from your authenticator app, or one of your recovery codes."
            action="Confirm with code"
            submit={async (code) => {
              await checkWithCode(code);
              await passed();
            }}
          />
          <p className="text-xs text-slate-400">
            Lost your phone or passkey? Ask an admin to reset your second factor.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
