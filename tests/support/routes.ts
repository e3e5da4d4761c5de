import { createHttpApp } from '../../adapters/http/app.ts';
import type { ScopeGuard } from '../../adapters/http/middleware/api-token.ts';
import type { PermissionGuard } from '../../adapters/http/middleware/auth.ts';
import type { ApiScope } from '../../core/api-tokens/model/scopes.ts';
import type { Permission } from '../../core/users/model/permissions.ts';
import type { TestServer } from './test-system.ts';

export interface Route {
  method: string;
  path: string;
  /** the permission the route's own guard asks for, if it has one */
  guardPermission?: Permission;
  /** under /api/v1: the API token scope the route's own guard asks for */
  guardScope?: ApiScope;
}

/** Every route of every router the app mounts, read from the routers themselves (HEAD, which Koa adds to GET, left out). */
export function allRoutes(server: TestServer): Route[] {
  const app = createHttpApp(server.system);
  const dispatchers = app.middleware.filter((middleware) => 'router' in middleware) as unknown as Array<{
    router: { stack: Array<{ path: string; methods: string[]; stack: unknown[] }> };
  }>;
  return dispatchers
    .flatMap((dispatch) => dispatch.router.stack)
    .flatMap((layer) => {
      const guard = layer.stack.find(
        (fn): fn is PermissionGuard => typeof fn === 'function' && 'requiredPermission' in fn,
      );
      const scope = layer.stack.find((fn): fn is ScopeGuard => typeof fn === 'function' && 'requiredScope' in fn);
      return layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          path: layer.path,
          guardPermission: guard?.requiredPermission,
          ...(scope ? { guardScope: scope.requiredScope } : {}),
        }));
    });
}

export const routeKey = (route: Route) => `${route.method} ${route.path}`;
