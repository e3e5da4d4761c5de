import type { ReactNode } from 'react';
import type { CurrentUserDto } from '@contract/auth.ts';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { NotAuthorized } from './not-authorized.tsx';

/** Whether the server refused the request for who is asking: signed out (401) or without the permission (403). */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

type Permission = CurrentUserDto['permissions'][number];

/** Whether the signed-in user holds `permission` (as the server answered it); the server still checks each request. */
export function can(user: Pick<CurrentUserDto, 'permissions'> | null | undefined, permission: Permission): boolean {
  return user?.permissions?.includes(permission) ?? false;
}

/**
 * A screen for the holders of one permission. Anyone else sees "Not authorized" and nothing of the screen, and the
 * screen's own requests are not made. A request refused all the same (a permission revoked meanwhile) shows "Not
 * authorized" alone too (`isRefusal`).
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user, isSignedIn } = useCurrentUser();
  if (isSignedIn === undefined) return <Spinner label="Loading page" />;
  if (!can(user, permission)) return <NotAuthorized permission={permission} />;
  return <>{children}</>;
}
