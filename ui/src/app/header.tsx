import { Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { navLinks, paths } from '@/config/paths.ts';
import { type CurrentUser, can, useCurrentUser } from '@/features/auth';
import { AccountMenu } from '@/features/auth/components/account-menu.tsx';

export function Header() {
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  const staffLinks = roleLinks(user).length > 0;
  // a banned player's session reaches only their appeal: no links, so no menu
  const banned = Boolean(user?.ban);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);

  // Opening moves focus to the first link; closing (Escape, a link) hands it back to the button, never to the page.
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('a')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    menuButton.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the header closes the open menu
    <header onKeyDown={onKeyDown} className="sticky top-0 z-40 border-b border-bayou-700 bg-bayou-900/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-3 sm:gap-4 sm:px-4 lg:gap-3">
        <Link
          to={paths.home}
          aria-label={`${brand.name} home`}
          className="flex shrink-0 items-center gap-2 font-display text-lg font-bold text-gold-400"
        >
          <img src={brand.logo} alt="" width={36} height={36} />
          {/* beside the staff links the desktop bar needs the room, so the logo stands alone up to 1536 px */}
          <span className={staffLinks ? 'hidden sm:inline lg:hidden 2xl:inline' : 'hidden sm:inline'}>
            {brand.name}
          </span>
        </Link>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <NavList onNavigate={() => {}} />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          <AccountMenu />
          <button
            hidden={banned}
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-moss-300 hover:bg-bayou-800 lg:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-nav"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden size={22} /> : <Menu aria-hidden size={22} />}
          </button>
        </div>
      </div>
      {open && !banned && (
        <nav ref={menu} id="mobile-nav" aria-label="Main" className="border-t border-bayou-700 px-4 pb-4 lg:hidden">
          <NavList vertical onNavigate={close} />
        </nav>
      )}
    </header>
  );
}

/**
 * The review screens for those who review applications, ban appeals for those who review them, the purchase dashboard
 * for those who view purchases (or the connection queue, for those who manage it without viewing purchases).
 */
function roleLinks(user: CurrentUser | null | undefined): { to: string; label: string }[] {
  return [
    ...(can(user, 'review-whitelist')
      ? [{ to: paths.staffApplications, label: 'Reviews' }]
      : can(user, 'review-staff')
        ? [{ to: paths.staffReview, label: 'Reviews' }]
        : []),
    ...(can(user, 'review-appeals') ? [{ to: paths.adminAppeals, label: 'Appeals' }] : []),
    ...(can(user, 'view-purchases')
      ? [{ to: paths.admin, label: 'Dashboard' }]
      : // the dashboard links the queue; a queue manager who does not view purchases reaches it from here
        can(user, 'manage-queue')
        ? [{ to: paths.adminQueue, label: 'Queue' }]
        : []),
  ];
}

function NavList({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate: () => void }) {
  const { user } = useCurrentUser();
  // a banned player's session reaches only their appeal: the site's links would all lead back there
  const links = user?.ban ? [] : [...navLinks, ...roleLinks(user)];
  return (
    <ul className={vertical ? 'flex flex-col gap-1 pt-2' : 'flex flex-wrap items-center gap-0.5 lg:flex-nowrap'}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.to === paths.home}
            onClick={onNavigate}
            className={({ isActive }) =>
              `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap lg:px-1.5 2xl:px-3 ${isActive ? 'bg-bayou-700 text-gold-400' : 'text-slate-200 hover:bg-bayou-800 hover:text-moss-300'}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
