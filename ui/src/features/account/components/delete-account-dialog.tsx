import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ErasureResponseDto, MyPrivacyDto } from '@contract/privacy.ts';
import { ERASURE_CONFIRMATION_WORD, ERASURE_NOTICE } from '@contract/privacy-texts.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { BUTTON, DESTRUCTIVE } from '@/components/ui/dialog-buttons.ts';
import { Refusal } from '@/components/ui/refusal.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { authKeys } from '@/features/auth';
import { errorMessage } from '@/lib/api-client.ts';
import { day } from '@/lib/dates.ts';
import { useEraseMyAccount } from '../api/privacy.ts';

const QUIET = `${BUTTON} bg-bayou-800 text-white`;

function List({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div>
      <h3 className="font-semibold text-white">{title}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-200">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** What the player reads before confirming: the pass ended first, what holds the deletion, what goes and what stays. */
function Before({ erasure }: { erasure: MyPrivacyDto['erasure'] }) {
  return (
    <>
      {erasure.membership && (
        <p
          data-testid="erasure-membership"
          className="rounded-lg border border-gold-400/60 bg-gold-400/10 p-3 text-sm text-gold-100"
        >
          Your {erasure.membership.tierName} Priority Pass is cancelled first: it ends now, nothing more is charged, and
          the rest of this month is not refunded.
        </p>
      )}
      {erasure.holds.length > 0 && (
        <div
          data-testid="erasure-holds"
          className="rounded-lg border border-gold-400/60 bg-gold-400/10 p-3 text-sm text-gold-100"
        >
          <p>It cannot be carried out yet:</p>
          <ul className="mt-1 list-disc pl-5">
            {erasure.holds.map((hold) => (
              <li key={`${hold.code}-${hold.purchaseId}`}>{hold.message}</li>
            ))}
          </ul>
          <p className="mt-1">Your request is recorded, and staff carry it out once that is settled, within 30 days.</p>
        </div>
      )}
      <List title="What is erased" items={ERASURE_NOTICE.erased} />
      <List title="What we keep, and why" items={ERASURE_NOTICE.retained} />
      <p className="text-sm text-slate-200">You are signed out on every device. This cannot be undone.</p>
    </>
  );
}

/** What happened: erased and signed out, or recorded and waiting. */
function After({ answer, onClose }: { answer: ErasureResponseDto; onClose: () => void }) {
  return (
    <div role="status" data-testid="erasure-result" className="grid gap-3 text-sm text-slate-200">
      {answer.erased ? (
        <>
          <p className="text-base font-semibold text-white">Your account has been deleted.</p>
          {answer.membershipEnded && <p>Your {answer.membershipEnded} Priority Pass was cancelled first.</p>}
          <p>
            Your name, email address, Discord id and what you wrote are erased, your Discord roles are being removed,
            and you have been signed out on every device. Purchase amounts, dates and products stay in the store's
            books.
          </p>
        </>
      ) : (
        <>
          <p className="text-base font-semibold text-white">Your request is recorded.</p>
          <p>It waits: {answer.request.heldBy}</p>
          <p>Staff carry it out by {day(answer.request.dueAt)}. You stay signed in until then.</p>
        </>
      )}
      <div>
        {/* biome-ignore lint/a11y/noAutofocus: the confirming button is gone; focus stays in the dialog, here */}
        <button type="button" className={QUIET} onClick={onClose} autoFocus>
          Done
        </button>
      </div>
    </div>
  );
}

/**
 * The deletion of the account: the server's own preview of what it does, then the typed confirmation. Once erased,
 * closing signs the page out.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  privacy,
}: {
  open: boolean;
  onClose: () => void;
  privacy: UseQueryResult<MyPrivacyDto>;
}) {
  const erase = useEraseMyAccount();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const confirmed = typed.trim().toUpperCase() === ERASURE_CONFIRMATION_WORD;
  const close = () => {
    const erased = erase.data?.erased;
    setTyped('');
    erase.reset();
    onClose();
    if (!erased) return;
    // the server ended every session: the page is signed out, and nothing of the account stays in memory
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    queryClient.setQueryData(authKeys.user(), null);
    toast({ title: 'Your account has been deleted', description: 'You have been signed out.', variant: 'success' });
  };
  const title = erase.data ? (erase.data.erased ? 'Account deleted' : 'Deletion recorded') : 'Delete your account?';
  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={title}>
      {erase.data ? (
        <After answer={erase.data} onClose={close} />
      ) : !privacy.data ? (
        <QueryState isPending={privacy.isPending} error={privacy.error} retry={() => void privacy.refetch()} />
      ) : privacy.data.erasure.refused ? (
        <p className="text-sm text-slate-200">
          Staff and admin accounts are not deleted from the site. Ask an admin to set your role back to player first.
        </p>
      ) : (
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) erase.mutate(typed);
          }}
        >
          <Before erasure={privacy.data.erasure} />
          <Field label={`Type ${ERASURE_CONFIRMATION_WORD} to confirm`}>
            {(props) => (
              <input {...props} value={typed} autoComplete="off" onChange={(event) => setTyped(event.target.value)} />
            )}
          </Field>
          <Refusal message={erase.error ? errorMessage(erase.error) : null} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={DESTRUCTIVE} disabled={!confirmed || erase.isPending}>
              {erase.isPending ? 'Deleting...' : 'Delete my account'}
            </button>
            <button type="button" className={QUIET} onClick={close}>
              Keep my account
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
