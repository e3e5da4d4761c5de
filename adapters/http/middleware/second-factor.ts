import type { Context, Middleware } from 'koa';
import type { Core } from '../../../core/index.ts';
import type { Permission } from '../../../core/users/model/permissions.ts';
import { currentUser } from './auth.ts';
import { sessionData } from './session.ts';

/**
 * Guards an action that needs `permission` (after requirePermission): when its holders need a second factor, the
 * member must have set one up (403 SECOND_FACTOR_SETUP_REQUIRED) and this session must have checked it in the last
 * ten minutes (403 SECOND_FACTOR_REQUIRED). Either refusal changes nothing.
 */
export function secondFactorGuard(core: Core): (permission: Permission) => Middleware {
  return (permission) => async (ctx, next) => {
    const checkedAt = sessionData(ctx as Context).secondFactorAt;
    await core.security.require.execute({ user: currentUser(ctx as Context), permission, checkedAt });
    return next();
  };
}

/** Records a passed check in the session (saved when the request ends, which drops responses cached beside it). */
export function recordSecondFactorCheck(ctx: Context, at: Date): void {
  sessionData(ctx).secondFactorAt = at.getTime();
}
