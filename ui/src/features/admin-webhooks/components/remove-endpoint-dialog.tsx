import type { WebhookEndpointDto } from '@contract/webhooks.ts';
import { BUTTON, DESTRUCTIVE } from '@/components/ui/dialog-buttons.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRemoveEndpoint } from '../api/webhooks.ts';

/** Asks before an endpoint goes: it hears nothing more, and its messages still waiting are not sent. */
export function RemoveEndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointDto | null;
  onClose: () => void;
}) {
  const remove = useRemoveEndpoint();
  return (
    <Modal
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) {
          remove.reset();
          onClose();
        }
      }}
      title="Remove this endpoint?"
    >
      {endpoint && (
        <>
          <p className="text-sm text-slate-200">
            <code className="break-all text-moss-300">{endpoint.url}</code> will hear nothing more, and its messages
            still waiting are not sent. The messages it was sent stay on record.
          </p>
          {remove.error ? (
            <p role="alert" className="text-sm text-red-300">
              {errorMessage(remove.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" onClick={onClose} className={`${BUTTON} bg-bayou-800 text-white`}>
              Keep it
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(endpoint.id, {
                  onSuccess: () => {
                    toast({ title: 'Endpoint removed', description: endpoint.url, variant: 'success' });
                    onClose();
                  },
                })
              }
              className={DESTRUCTIVE}
            >
              {remove.isPending ? 'Removing…' : 'Remove endpoint'}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
