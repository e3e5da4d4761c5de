/** How long a session lives when it is given no finite max age. */
export const DEFAULT_SESSION_AGE_MS = 86_400_000;

/** The user id inside a session, when it has the shape of one. */
export function sessionUserId(sess: Record<string, unknown>): string | null {
  const id = sess.userId;
  return typeof id === 'string' && /^[0-9a-fA-F-]{36}$/.test(id) ? id : null;
}

/**
 * The part of the session store port about answers cached beside sessions, for a store that caches nothing in memory:
 * nothing is cached, and nothing is ever heard (the moment stays 0).
 */
export abstract class KeepsNothingBeside {
  cached(): undefined {
    return undefined;
  }

  cacheBeside(): void {}

  beside(): undefined {
    return undefined;
  }

  moment(): number {
    return 0;
  }
}
