import type { Context, Middleware } from 'koa';
import { ForbiddenError, UnauthenticatedError } from '../../../core/shared/errors.ts';
import type { User } from '../../../core/users/model/user.ts';
import { hasPermission, PERMISSION_LABELS, type Permission } from '../../../core/users/model/permissions.ts';

declare module 'koa' {
  interface DefaultState {
    /** the signed-in user, loaded fresh from the database on each request by the session middleware */
    user?: User;
  }
}

/** The signed-in user of this request; identity always comes from the session, never from the body. */
export function currentUser(ctx: Context): User {
  const user = ctx.state.user as User | undefined;
  if (!user) throw new UnauthenticatedError();
  return user;
}

// plain functions, not async ones: the guard adds no promise of its own (a refusal thrown here is the chain's rejection)
export function requireUser(): Middleware {
  return (ctx, next) => {
    currentUser(ctx as Context);
    return next();
  };
}

/** A permission guard names its permission, so a test can list every guarded route from the router. */
export type PermissionGuard = Middleware & { requiredPermission: Permission };

/** 401 when signed out, 403 when the signed-in user does not hold the permission. */
export function requirePermission(permission: Permission): PermissionGuard {
  const guard: Middleware = (ctx, next) => {
    const user = currentUser(ctx as Context);
    if (!hasPermission(user, permission))
      throw new ForbiddenError('PERMISSION_REQUIRED', `This needs the "${PERMISSION_LABELS[permission]}" permission.`);
    return next();
  };
  return Object.assign(guard, { requiredPermission: permission });
}
