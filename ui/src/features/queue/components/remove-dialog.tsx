import { type FormEvent, useState } from 'react';
import { BUTTON, DESTRUCTIVE } from '@/components/ui/dialog-buttons.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useQueueAction } from '../api/queue.ts';

const REASON_MAX = 200;

/** Removes one waiting player from a game server's queue, with the reason their connecting screen shows. */
export function RemoveDialog({
  target,
  onClose,
}: {
  target: { server: string; discordId: string; name: string } | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const remove = useQueueAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    if (!reason.trim()) return setMissing(true);
    remove.mutate(
      { server: target.server, discordId: target.discordId, action: 'remove', reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? `Remove ${target.name} from the queue` : 'Remove from the queue'}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <p className="text-sm text-slate-200">
          They leave the queue of {target?.server} at the game server's next report, a few seconds from now, and their
          connecting screen shows the reason. The removal is recorded in the audit log.
        </p>
        <Field
          label="Reason shown to the player"
          required
          error={missing ? 'Give the reason the player is shown.' : undefined}
          hint={`At most ${REASON_MAX} characters.`}
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </Field>
        {remove.error ? (
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(remove.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={`${BUTTON} border border-bayou-600 text-slate-100`}>
            Cancel
          </button>
          <button type="submit" disabled={remove.isPending} className={DESTRUCTIVE}>
            {remove.isPending ? 'Removing...' : 'Remove from the queue'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
