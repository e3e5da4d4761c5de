import { createHttpApp } from '../../adapters/http/app.ts';
import type { PermissionGuard, RoleGuard } from '../../adapters/http/middleware/auth.ts';
import { ROLE_PERMISSIONS } from '../../core/users/permissions.ts';
import type { TestServer } from './test-system.ts';

export interface Route {
  method: string;
  path: string;
  /** the role the route's own guard asks for (for a permission guard, the least role whose preset holds it) */
  guardRole?: 'staff' | 'admin';
}

const leastRoleHolding = (guard: PermissionGuard | undefined) =>
  guard && (['staff', 'admin'] as const).find((role) => ROLE_PERMISSIONS[role].includes(guard.requiredPermission));

/** Every route of every router the app mounts, read from the routers themselves (HEAD, which Koa adds to GET, left out). */
export function allRoutes(server: TestServer): Route[] {
  const app = createHttpApp(server.system);
  const dispatchers = app.middleware.filter((middleware) => 'router' in middleware) as unknown as Array<{
    router: { stack: Array<{ path: string; methods: string[]; stack: unknown[] }> };
  }>;
  return dispatchers
    .flatMap((dispatch) => dispatch.router.stack)
    .flatMap((layer) => {
      const guard = layer.stack.find((fn): fn is RoleGuard => typeof fn === 'function' && 'requiredRole' in fn);
      const permission = layer.stack.find(
        (fn): fn is PermissionGuard => typeof fn === 'function' && 'requiredPermission' in fn,
      );
      return layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          path: layer.path,
          guardRole: guard?.requiredRole ?? leastRoleHolding(permission),
        }));
    });
}

export const routeKey = (route: Route) => `${route.method} ${route.path}`;
