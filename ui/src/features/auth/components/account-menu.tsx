import { Coins, LogOut } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useFlavourPhrase } from '@/features/flavour';
import { useCurrentUser, useTokenBalance } from '../api/current-user.ts';
import { signInPath } from '../api/sign-in-path.ts';

/** The greeting uses username, then discordUsername, then 'Player' (docs/product.md#header-and-footer). */
export function greetingName(user: { username: string | null; discordUsername: string | null }): string {
  return user.username || user.discordUsername || 'Player';
}

/** Names up to this long always show whole in the header; a longer one may be cut, and its title carries it whole. */
export const GREETING_FULL_NAME_CHARS = 12;

/** The header's right side: token chip, greeting and logout when signed in; a login link when signed out. */
export function AccountMenu() {
  const { user, isSignedIn } = useCurrentUser();
  if (isSignedIn === undefined) return <span className="h-9 w-20" aria-hidden />;
  return user ? <SignedInMenu name={greetingName(user)} /> : <LoginLink />;
}

function LoginLink() {
  const location = useLocation();
  const phrase = useFlavourPhrase('login');
  const here = `${location.pathname}${location.search}`;
  return (
    <a
      href={signInPath(location.pathname === paths.devLogin ? '/' : here)}
      title={phrase}
      aria-description={phrase}
      className="rounded-md bg-gold-500 px-3 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
    >
      Login
    </a>
  );
}

function SignedInMenu({ name }: { name: string }) {
  const balance = useTokenBalance();
  // a banned player's session reaches only their appeal: no balance, and their name leads there
  const banned = Boolean(useCurrentUser().user?.ban);
  const phrase = useFlavourPhrase('logout');
  const profilePhrase = useFlavourPhrase('profile');
  const long = name.length > GREETING_FULL_NAME_CHARS;
  return (
    <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
      {!banned && (
        <span
          data-testid="token-balance"
          title={`${(balance.data ?? 0).toLocaleString()} tokens`}
          className="inline-flex shrink-0 items-center gap-1 rounded-full border border-gold-500/60 bg-bayou-800 px-2.5 py-1 text-xs font-semibold text-gold-400 sm:text-sm"
        >
          <Coins aria-hidden size={14} />
          {(balance.data ?? 0).toLocaleString()}
          {/* beside the full navigation the coins stand for the word, so the greeting keeps the room for a whole name */}
          <span className="lg:max-2xl:sr-only"> tokens</span>
        </span>
      )}
      <Link
        to={banned ? paths.appeal : paths.account}
        data-testid="greeting"
        aria-label={`Welcome, ${name}: your account`}
        aria-description={profilePhrase}
        title={long ? `Welcome, ${name}. ${profilePhrase}` : profilePhrase}
        className="flex min-w-0 items-baseline whitespace-nowrap rounded-md py-1 text-sm text-slate-200 underline-offset-4 hover:text-gold-400 hover:underline"
      >
        <span className="hidden whitespace-pre sm:inline">Welcome, </span>
        {/* room for a name of GREETING_FULL_NAME_CHARS at every width; a longer one is cut, whole in the title */}
        <span className="min-w-0 max-w-[7rem] truncate sm:max-w-[10rem] lg:max-w-[7.5rem] 2xl:max-w-[14rem]">
          {name}
        </span>
      </Link>
      <a
        href={paths.logout}
        title={phrase}
        className="inline-flex shrink-0 items-center gap-1 rounded-md border border-bayou-600 px-2.5 py-1.5 text-sm text-slate-200 hover:bg-bayou-800"
        aria-label="Logout"
        aria-description={phrase}
      >
        <LogOut aria-hidden size={16} />
        {/* beside the full navigation the icon alone keeps the bar on one line */}
        <span className="hidden md:inline lg:hidden 2xl:inline">Logout</span>
      </a>
    </div>
  );
}
