import type { ApiTokenDto } from '@contract/api-tokens.ts';
import { BUTTON, DESTRUCTIVE } from '@/components/ui/dialog-buttons.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useRevokeApiToken } from '../api/api-tokens.ts';

/** Asks before revoking: the tool reading with the token is refused from its next request, and it cannot be undone. */
export function RevokeDialog({ token, onClose }: { token: ApiTokenDto | null; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Modal
      open={token !== null}
      onOpenChange={(open) => !open && close()}
      title={token ? `Revoke “${token.name}”?` : 'Revoke'}
      returnFocusTo={() => (token ? document.getElementById(`revoke-${token.id}`) : null)}
    >
      <p className="text-slate-200">
        Whatever reads the site with this token is refused from its next request. A revoked token cannot be used again;
        make a new one if the tool still needs access.
      </p>
      {revoke.error ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(revoke.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={close} className={`${BUTTON} border border-bayou-600 text-slate-100`}>
          Keep it
        </button>
        <button
          type="button"
          disabled={revoke.isPending || !token}
          onClick={() => token && revoke.mutate(token.id, { onSuccess: close })}
          className={DESTRUCTIVE}
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke token'}
        </button>
      </div>
    </Modal>
  );
}
