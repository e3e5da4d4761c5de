import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Permission } from '../../core/users/model/permissions.ts';
import type { Role } from '../../core/users/model/user.ts';
import type { TestServer } from './test-system.ts';

export interface SignInOptions {
  discordId?: string;
  username?: string;
  email?: string;
  role?: Role;
  /** single permissions granted and revoked on top of the role's preset */
  grant?: readonly Permission[];
  revoke?: readonly Permission[];
}

export interface SignedIn {
  /** the value of a Cookie request header */
  cookie: string;
  user: { id: string; discordId: string; username: string | null; discordUsername: string | null; role: string };
}

export function randomDiscordId(): string {
  return `${randomInt(100_000_000, 999_999_999)}${randomInt(100_000_000, 999_999_999)}`;
}

/** The cookies of a response's Set-Cookie headers, as a Cookie header value. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Signs in through the real development sign-in over HTTP, then gives the role through the core use case. */
export async function signIn(server: TestServer, options: SignInOptions = {}): Promise<SignedIn> {
  const discordId = options.discordId ?? randomDiscordId();
  const cookie = await devSignIn(server.url, { ...options, discordId });
  const { system } = server;
  let user = await system.database.withContext(() => system.core.users.findByDiscordId.execute(discordId));
  if (options.role && options.role !== user.role) {
    user = await system.database.withContext(() =>
      system.core.users.changeRole.execute({ userId: user.id, role: options.role! }),
    );
  }
  if (options.grant?.length || options.revoke?.length) {
    ({ user } = await system.database.withContext(() =>
      system.core.users.changePermissions.execute({
        userId: user.id,
        grant: options.grant ?? [],
        revoke: options.revoke ?? [],
      }),
    ));
  }
  return {
    cookie,
    user: {
      id: user.id,
      discordId: user.discordId,
      username: user.username,
      discordUsername: user.discordUsername,
      role: user.role,
    },
  };
}

/** The development sign-in over HTTP alone, on any running site (its own process, say): the session's cookie. */
export async function devSignIn(baseUrl: string, options: SignInOptions & { discordId: string }): Promise<string> {
  const { discordId } = options;
  const username = options.username ?? `player${discordId.slice(-6)}`;
  const response = await fetch(`${baseUrl}/api/auth/dev-login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, discordId, ...(options.email ? { email: options.email } : {}) }),
  });
  if (!response.ok) throw new Error(`Development sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

/** The same sign-in for a Playwright page: its browser context gets the session cookies. */
export async function signInBrowser(page: Page, server: TestServer, options: SignInOptions = {}): Promise<SignedIn> {
  const signedIn = await signIn(server, options);
  await page.context().addCookies(
    signedIn.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        url: server.url,
        httpOnly: true,
        sameSite: 'Lax' as const,
      };
    }),
  );
  return signedIn;
}
