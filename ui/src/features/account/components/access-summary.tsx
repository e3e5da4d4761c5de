import { useQuery } from '@tanstack/react-query';
import type { MyAccessDto } from '@contract/account.ts';
import { api } from '@/lib/api-client.ts';

/** The player's own access to the game server, by the rule the game server reads: whitelisted, and queue order. */
export function AccessSummary() {
  const access = useQuery({
    queryKey: ['account', 'access'],
    queryFn: ({ signal }) => api.get<MyAccessDto>('/api/user/access', { signal }),
  });
  if (!access.data) return null;
  const { whitelisted, tierName, priority, banned } = access.data;
  return (
    <section aria-labelledby="access-heading" className="mt-6 rounded-2xl border border-bayou-700 bg-bayou-900 p-5">
      <h2 id="access-heading" className="font-display text-xl font-bold text-white">
        Server access
      </h2>
      <p className="mt-2 text-sm text-slate-200" data-testid="access-summary">
        {banned
          ? 'Your account is banned: the server does not let you in.'
          : whitelisted
            ? `Whitelisted: you can connect.${tierName ? ` Your ${tierName} Priority Pass puts you ahead in the queue (priority ${priority}).` : priority > 0 ? ' Staff go ahead of the queue.' : ''}`
            : 'Not whitelisted yet: apply for the whitelist, or hold a Priority Pass.'}
      </p>
    </section>
  );
}
