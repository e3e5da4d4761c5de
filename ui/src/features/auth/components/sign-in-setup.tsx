import { CopyButton } from '@/components/ui/copy-button.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useSignInSetup } from '../api/sign-in.ts';

function Value({ label, value, copyable }: { label: string; value: string; copyable: boolean }) {
  return (
    <div className="rounded-md border border-bayou-700 bg-bayou-950 p-3">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-1 flex items-center justify-between gap-2">
        <code className="min-w-0 break-all text-sm text-moss-300">{value}</code>
        {copyable && <CopyButton value={value} label={label} />}
      </dd>
    </div>
  );
}

/** The current domain and the redirect URI this server uses with Discord, with the steps to register it. */
export function SignInSetup({ copyable = false }: { copyable?: boolean }) {
  const setup = useSignInSetup();
  if (!setup.data) return <QueryState isPending={setup.isPending} error={setup.error} retry={() => setup.refetch()} />;
  const { mode, redirectUri, scopes } = setup.data;
  return (
    <div className="space-y-6">
      <dl className="space-y-3">
        <Value label="Current domain" value={window.location.origin} copyable={copyable} />
        <Value label="Redirect URI" value={redirectUri} copyable={copyable} />
        <Value label="Scopes" value={scopes.join(' ')} copyable={copyable} />
      </dl>
      <p className="text-sm text-slate-300">
        {mode === 'discord'
          ? 'Discord sign-in is configured on this server.'
          : 'Discord is not configured: the site offers the development sign-in instead.'}
      </p>
      <section aria-labelledby="setup-steps">
        <h2 id="setup-steps" className="font-display text-xl font-bold text-gold-400">
          Setup steps
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-300">
          <li>Open the Discord Developer Portal and select (or create) the application for this site.</li>
          <li>Under OAuth2, add the redirect URI above exactly as shown, then save.</li>
          <li>Copy the Client ID and Client Secret into DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET.</li>
          <li>Set DISCORD_REDIRECT_URI to the same redirect URI and PUBLIC_URL to the current domain.</li>
          <li>Restart the server, then use the test login to check the whole flow.</li>
        </ol>
      </section>
    </div>
  );
}
