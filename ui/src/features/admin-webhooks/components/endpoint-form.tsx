import { type FormEvent, useState } from 'react';
import {
  type CreatedWebhookEndpointResponse,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEventType,
  webhookEndpointSchema,
} from '@contract/webhooks.ts';
import { CheckboxField, Field, FormSection, fieldErrors } from '@/components/ui/form-fields.tsx';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { useAddEndpoint } from '../api/webhooks.ts';
import { EVENT_LABELS } from './webhook-words.ts';

const EMPTY = { url: '', description: '', events: [] as WebhookEventType[] };

/**
 * A new endpoint: its address, what it is for, and the events it hears. The same schema as the server's says what is
 * wrong before sending; the server also checks where the address points.
 */
export function EndpointForm({ onAdded }: { onAdded: (created: CreatedWebhookEndpointResponse) => void }) {
  const add = useAddEndpoint();
  const [draft, setDraft] = useState(EMPTY);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const issues: Record<string, string | undefined> = { ...fieldIssues(add.error), ...problems };

  function toggle(type: WebhookEventType, on: boolean) {
    setDraft((current) => ({
      ...current,
      events: on ? [...current.events, type] : current.events.filter((each) => each !== type),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = webhookEndpointSchema.safeParse(draft);
    setProblems(checked.success ? {} : fieldErrors(checked.error.issues));
    if (!checked.success) return add.reset();
    add.mutate(checked.data, {
      onSuccess: (created) => {
        setDraft(EMPTY);
        onAdded(created);
      },
    });
  }

  const refusal = add.error && Object.keys(fieldIssues(add.error)).length === 0 ? errorMessage(add.error) : null;
  return (
    <form onSubmit={submit} noValidate className="mt-6">
      <FormSection title="New endpoint">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field label="Address (URL)" required hint="Where each event is sent, by POST" error={issues.url}>
            {(props) => (
              <input
                {...props}
                name="url"
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/bayou"
                value={draft.url}
                onChange={(e) => setDraft({ ...draft, url: e.target.value })}
                maxLength={WEBHOOK_URL_MAX_LENGTH}
              />
            )}
          </Field>
          <Field label="Description" hint="What it is for, for the staff who read this list" error={issues.description}>
            {(props) => (
              <input
                {...props}
                name="description"
                value={draft.description}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
              />
            )}
          </Field>
        </div>
        <fieldset className="grid gap-2" aria-describedby={issues.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-slate-200">
            Events <span className="text-red-300"> *</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <CheckboxField
                key={type}
                label={
                  <>
                    {EVENT_LABELS[type]} <code className="text-xs text-slate-400">{type}</code>
                  </>
                }
                checked={draft.events.includes(type)}
                onChange={(on) => toggle(type, on)}
              />
            ))}
          </div>
          {issues.events && (
            <p id="webhook-events-error" className="text-sm text-red-300">
              {issues.events}
            </p>
          )}
        </fieldset>
        {refusal && (
          <p role="alert" className="text-sm text-red-300">
            {refusal}
          </p>
        )}
        <div>
          <button
            type="submit"
            disabled={add.isPending}
            className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {add.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </div>
      </FormSection>
    </form>
  );
}
