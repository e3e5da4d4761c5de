import type { ApiScope } from '../../core/api-tokens/model/scopes.ts';
import type { SignedIn } from './session.ts';
import type { TestServer } from './test-system.ts';

/** A token made through the admin route by `who`: its id and its secret. */
export async function madeToken(
  server: TestServer,
  who: SignedIn,
  scopes: readonly ApiScope[],
  name = `Tool ${Math.floor(Math.random() * 1e9)}`,
): Promise<{ id: string; secret: string }> {
  const response = await fetch(`${server.url}/api/api-tokens`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name, scopes }),
  });
  const body = (await response.json()) as { token: { id: string }; secret: string; message?: string };
  if (response.status !== 201) throw new Error(`Making a token failed: ${response.status} ${body.message}`);
  return { id: body.token.id, secret: body.secret };
}

/** A GET with a bearer token (or none), as another tool sends it. */
export async function withToken(server: TestServer, path: string, secret?: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...(cookie ? { cookie } : {}) },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
