import { paths } from '@/config/paths.ts';

/**
 * Where a sign-in starts, carrying the page (and its query) to come back to. The server keeps only same-origin
 * paths it knows (safeReturnTo) and sends anything else home.
 */
export function signInPath(returnTo = '/'): string {
  return returnTo === '/' || returnTo === '' ? paths.login : `${paths.login}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** The page the browser shows now, as a return path. */
export function currentPagePath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
