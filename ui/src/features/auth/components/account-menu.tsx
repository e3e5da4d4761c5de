import { Coins, LogOut } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { useCurrentUser, useTokenBalance } from '../api/current-user.ts';

/** The greeting uses username, then discordUsername, then 'Player' (SPEC section 2). */
export function greetingName(user: { username: string | null; discordUsername: string | null }): string {
  return user.username || user.discordUsername || 'Player';
}

/** The header's right side: token chip, greeting and logout when signed in; a login link when signed out. */
export function AccountMenu() {
  const { user, isSignedIn } = useCurrentUser();
  const balance = useTokenBalance();
  if (isSignedIn === undefined) return <span className="h-9 w-20" aria-hidden />;
  if (!user) {
    return (
      <a
        href={paths.login}
        className="rounded-md bg-gold-500 px-3 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Login
      </a>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span
        data-testid="token-balance"
        className="inline-flex shrink-0 items-center gap-1 rounded-full border border-gold-500/60 bg-bayou-800 px-2.5 py-1 text-xs font-semibold text-gold-400 sm:text-sm"
      >
        <Coins aria-hidden size={14} />
        {`${(balance.data ?? 0).toLocaleString()} tokens`}
      </span>
      <span
        data-testid="greeting"
        title={`Welcome, ${greetingName(user)}`}
        className="block min-w-0 max-w-[6rem] truncate whitespace-nowrap text-sm text-slate-200 sm:max-w-[10rem] lg:max-w-[8rem] 2xl:max-w-[14rem]"
      >
        <span className="hidden sm:inline">Welcome, </span>
        {greetingName(user)}
      </span>
      <a
        href={paths.logout}
        className="inline-flex shrink-0 items-center gap-1 rounded-md border border-bayou-600 px-2.5 py-1.5 text-sm text-slate-200 hover:bg-bayou-800"
        aria-label="Logout"
        title="Logout"
      >
        <LogOut aria-hidden size={16} />
        {/* beside the full navigation the icon alone keeps the bar on one line */}
        <span className="hidden md:inline lg:hidden 2xl:inline">Logout</span>
      </a>
    </div>
  );
}
