import { ShieldAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import type { CurrentUserDto } from '@contract/auth.ts';
import { useCurrentUser } from '../api/current-user.ts';

/** What each permission's screens are for, in the words of the refusal. */
const PERMISSION_WORDS: Record<CurrentUserDto['permissions'][number], string> = {
  'review-whitelist': 'reviewing whitelist applications',
  'review-staff': 'reviewing staff applications',
  'review-appeals': 'reviewing ban appeals',
  'view-purchases': 'viewing purchases',
  refund: 'issuing refunds',
  'adjust-tokens': 'adjusting tokens',
  ban: 'banning players',
  'manage-roles': 'changing roles and permissions',
  'manage-promotions': 'managing coupons, sales and creator codes',
  'view-players': 'looking players up',
  'decide-alone': 'deciding applications alone',
  'manage-templates': 'managing answer templates',
  'manage-integrations': 'managing webhooks and API tokens',
  'manage-queue': 'managing the connection queue',
};

/** The whole page for anyone a staff or admin screen refuses, with its own tab title; signed-out visitors are offered sign-in. */
export function NotAuthorized({
  permission,
}: {
  /** the permission the page needs: the refusal names it */
  permission: CurrentUserDto['permissions'][number];
}) {
  const { user, isSignedIn } = useCurrentUser();
  const forWhom = `staff with the permission for ${PERMISSION_WORDS[permission]}`;
  const location = useLocation();
  const returnTo = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <section aria-labelledby="not-authorized-title" className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`Not authorized | ${brand.name}`}</title>
      <ShieldAlert aria-hidden className="mx-auto mb-4 text-red-400" size={48} />
      <h1 id="not-authorized-title" className="font-display text-3xl font-bold text-gold-400">
        Not authorized
      </h1>
      {isSignedIn === false ? (
        <>
          <p className="mt-3 text-slate-300">This page is for {forWhom}. Sign in to continue.</p>
          <a
            href={`${paths.login}?returnTo=${returnTo}`}
            className="mt-6 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
          >
            Sign in
          </a>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-300">
            This page is for {forWhom} only
            {user ? `, and your account has the ${user.role} role${permission ? ' without it' : ''}` : ''}. If you think
            that is wrong, ask an admin.
          </p>
          <Link
            to={paths.home}
            className="mt-6 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
          >
            Return Home
          </Link>
        </>
      )}
    </section>
  );
}
