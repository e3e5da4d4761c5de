import { CopyButton } from '@/components/ui/copy-button.tsx';

/** The secret of the token just made, with a copy button: the site keeps only its hash, so this is the one showing. */
export function NewTokenNotice({ name, secret, onDismiss }: { name: string; secret: string; onDismiss: () => void }) {
  return (
    <section
      aria-labelledby="new-token-heading"
      className="grid min-w-0 gap-3 rounded-xl border border-gold-400/70 bg-bayou-900 p-4 sm:p-6"
    >
      <h2 id="new-token-heading" className="font-display text-lg font-bold text-gold-400">
        Token “{name}” created
      </h2>
      <p role="status" className="text-sm font-semibold text-slate-100">
        Copy it now: you will not see it again. The site keeps only a fingerprint of it.
      </p>
      <div className="flex min-w-0 items-center justify-between gap-2 rounded-md border border-bayou-700 bg-bayou-950 p-3">
        <code data-testid="new-token" className="min-w-0 break-all text-sm text-moss-300">
          {secret}
        </code>
        <CopyButton value={secret} label="the token" />
      </div>
      <p className="text-xs text-slate-400">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code> to the API under <code>/api/v1</code>.
      </p>
      <div>
        <button
          type="button"
          onClick={onDismiss}
          className="rounded-md border border-bayou-600 px-3 py-1 text-sm text-slate-100 hover:border-gold-400"
        >
          I have stored it
        </button>
      </div>
    </section>
  );
}
