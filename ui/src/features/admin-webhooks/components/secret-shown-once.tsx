import type { CreatedWebhookEndpointResponse } from '@contract/webhooks.ts';
import { CopyButton } from '@/components/ui/copy-button.tsx';

/** The signing secret of the endpoint just added: shown here once, never again. */
export function SecretShownOnce({ created, onDone }: { created: CreatedWebhookEndpointResponse; onDone: () => void }) {
  return (
    <section
      aria-labelledby="webhook-secret-heading"
      data-testid="webhook-secret"
      className="mt-6 rounded-xl border border-gold-400/60 bg-gold-400/10 p-4 sm:p-6"
    >
      <h2 id="webhook-secret-heading" className="font-display text-xl font-bold text-gold-400">
        Signing secret for {created.endpoint.url}
      </h2>
      <p className="mt-2 text-sm text-gold-100">
        Copy it now and put it in the receiving tool: <strong>you will not see it again.</strong> It verifies that each
        message came from this site (the Standard Webhooks signature). Lost, it cannot be read back: remove the endpoint
        and add it again.
      </p>
      <div className="mt-3 flex items-center justify-between gap-2 rounded-md border border-bayou-700 bg-bayou-950 p-3">
        <code className="min-w-0 break-all text-sm text-moss-300">{created.secret}</code>
        <CopyButton value={created.secret} label="the signing secret" />
      </div>
      <button
        type="button"
        onClick={onDone}
        className="mt-4 rounded-md border border-bayou-600 px-4 py-2 text-sm text-slate-100 hover:border-gold-400"
      >
        I have copied it
      </button>
    </section>
  );
}
