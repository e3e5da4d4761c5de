/** What other features may use of this one; everything else here is its own. */
export { type CurrentUser, authKeys, useCurrentUser, useTokenParts } from './api/current-user.ts';
export { currentPagePath, signInPath } from './api/sign-in-path.ts';
export { NotAuthorized } from './components/not-authorized.tsx';
export { can, isRefusal, RequirePermission } from './components/require-role.tsx';
