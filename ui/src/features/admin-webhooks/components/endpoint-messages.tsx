import type { WebhookAttemptDto, WebhookEndpointDto, WebhookMessageDto } from '@contract/webhooks.ts';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StatusPill } from '@/components/ui/status-pill.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { useMessages, useResend } from '../api/webhooks.ts';

function TryLine({ tried }: { tried: WebhookAttemptDto }) {
  const answer = tried.statusCode === null ? 'No answer' : `HTTP ${tried.statusCode}`;
  const said = tried.error ?? tried.responseBody;
  return (
    <li data-testid="webhook-try" className="grid gap-1 rounded-md border border-bayou-700 bg-bayou-950 p-2">
      <span className="flex flex-wrap gap-x-3 text-xs text-slate-300">
        <span className="font-semibold text-slate-100">Try {tried.number}</span>
        <span>{dayAndTime(tried.at)}</span>
        <span className={tried.statusCode !== null && tried.statusCode < 300 ? 'text-green-200' : 'text-red-200'}>
          {answer}
        </span>
        <span>{tried.durationMs} ms</span>
      </span>
      {said ? <code className="break-all text-xs text-slate-200">{said}</code> : null}
    </li>
  );
}

function MessageItem({ message }: { message: WebhookMessageDto }) {
  const resend = useResend();
  const resendable = message.status === 'delivered' || message.status === 'failed';
  return (
    <li data-testid="webhook-message" className="grid gap-2 rounded-lg border border-bayou-700 bg-bayou-900/60 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <code className="text-sm text-gold-100">{message.type}</code>
          <StatusPill status={message.status} />
          <span className="text-xs text-slate-300">{dayAndTime(message.createdAt)}</span>
          {message.resendOf ? <span className="text-xs text-slate-400">sent again</span> : null}
        </span>
        {resendable && (
          <button
            type="button"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(message.id, {
                onSuccess: () => toast({ title: 'Sent again', description: message.type, variant: 'success' }),
              })
            }
            aria-label={`Resend the ${message.type} message of ${dayAndTime(message.createdAt)}`}
            className="rounded-md border border-bayou-600 px-3 py-1 text-sm text-slate-100 hover:border-gold-400"
          >
            Resend
          </button>
        )}
      </div>
      {resend.error ? (
        <p role="alert" className="text-sm text-red-300">
          {errorMessage(resend.error)}
        </p>
      ) : null}
      {message.tries.length > 0 ? (
        <ol className="grid gap-1">
          {message.tries.map((tried) => (
            <TryLine key={tried.number} tried={tried} />
          ))}
        </ol>
      ) : (
        <p className="text-xs text-slate-400">Not tried yet.</p>
      )}
    </li>
  );
}

/** An endpoint's recent messages, newest first, each with every try's answer and, once settled, a Resend button. */
export function EndpointMessages({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const messages = useMessages(endpoint.id);
  return (
    <section aria-labelledby="webhook-messages-heading" className="mt-10">
      <h2 id="webhook-messages-heading" className="font-display text-2xl font-bold text-white">
        Recent messages to <span className="[overflow-wrap:anywhere]">{endpoint.description || endpoint.url}</span>
      </h2>
      {!messages.data ? (
        <QueryState isPending={messages.isPending} error={messages.error} retry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="mt-3 text-slate-300">No messages yet. Send a test to see one arrive.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {messages.data.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </section>
  );
}
