import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/**
 * The second baseline: the least a signed-in read must do, on `node:http` and `pg` alone. It verifies the session
 * cookie's signature (keygrip's HMAC-SHA1, as the site signs it), reads the session and its user in one indexed query, and
 * answers the user as JSON. No framework, no middleware, no ORM: what the site's GET /api/auth/user does, bare.
 */
const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.SESSION_SECRET;
if (!databaseUrl || !secret) throw new Error('DATABASE_URL and SESSION_SECRET are required');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const COOKIE = 'bayou.sid';

function signature(value: string): string {
  return createHmac('sha1', secret as string)
    .update(value)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] as string);
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

function sessionId(header: string | undefined): string | null {
  const sid = cookieValue(header, COOKIE);
  const sig = cookieValue(header, `${COOKIE}.sig`);
  if (!sid || !sig) return null;
  const expected = Buffer.from(signature(`${COOKIE}=${sid}`));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sid : null;
}

const server = createServer(async (req, res) => {
  const sid = sessionId(req.headers.cookie);
  if (!sid) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return void res.end('{"message":"Sign in first."}');
  }
  try {
    const { rows } = await pool.query(
      `select u."id", u."discord_id", u."username", u."discord_username", u."email", u."discord_avatar", u."role", u."tokens", u."banned_at"
       from "sessions" s join "users" u on u."id" = (s."sess"::json ->> 'userId')::uuid
       where s."sid" = $1 and s."expire" >= now()`,
      [sid],
    );
    const user = rows[0];
    if (!user || user.banned_at) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return void res.end('{"message":"Sign in first."}');
    }
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        id: user.id,
        discordId: user.discord_id,
        username: user.username,
        discordUsername: user.discord_username,
        email: user.email,
        avatar: user.discord_avatar,
        role: user.role,
        tokens: user.tokens,
      }),
    );
  } catch (error) {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: String(error) }));
  }
});
server.listen(0, '127.0.0.1', () => {
  console.log(`Same-work baseline ready on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
