import { Agent, request } from 'node:http';
import { Writable } from 'node:stream';
import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../adapters/http/middleware/errors.ts';
import { createLogger } from '../../adapters/logger.ts';
import {
  appealAnswers,
  STAFF_REQUIRED,
  staffAnswers,
  WHITELIST_REQUIRED,
  whitelistAnswers,
} from '../support/application-builders.ts';
import { allRoutes } from '../support/routes.ts';
import { signIn } from '../support/session.ts';
import { serverTarget } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-system.ts';
import { AGREED } from '../support/checkout-terms.ts';

/** mulberry32: a tiny seeded generator, so a failure replays exactly from its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof prng>;

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const CONCURRENCY = 12;

const DEMO_SECRET = 'pi_0123456789abcdef_secret_0123456789';

/** A request body the route would accept, and the fields it cannot do without. */
const BODIES: Record<string, { valid: () => Record<string, unknown>; required: string[] }> = {
  'POST /api/applications': {
    valid: () => ({ ...whitelistAnswers() }),
    required: [...WHITELIST_REQUIRED],
  },
  'POST /api/staff-applications': {
    valid: () => ({ ...staffAnswers() }),
    required: [...STAFF_REQUIRED],
  },
  'POST /api/appeals': {
    valid: () => ({ ...appealAnswers({ ban: 'in-game', banReference: 'BAN-1' }) }),
    required: ['ban', 'offence', 'characterNames', 'bannedAround', 'explanation', 'whyUnfair', 'truthful'],
  },
  'PATCH /api/appeals/:id': {
    valid: () => ({ status: 'denied', applicantMessage: 'The clip shows the shot fired first.' }),
    required: ['status'],
  },
  'POST /api/auth/dev-login': {
    valid: () => ({ username: 'Fuzzy', discordId: '123456789012345678', email: 'fuzzy@example.com' }),
    required: ['username', 'discordId'],
  },
  'POST /api/create-payment-intent': {
    valid: () => ({
      ...AGREED,
      productType: 'unban',
      productId: 'discord-unban',
      amount: 19.99,
      buyerEmail: 'fuzzy@example.com',
      banReason: 'Banned for RDM at the docks last week.',
    }),
    required: ['productType', 'productId', 'withdrawalConsent', 'ageDeclaration'],
  },
  'POST /api/complete-purchase': {
    valid: () => ({ paymentIntentId: 'pi_missing', price: 19.99 }),
    required: ['paymentIntentId'],
  },
  'POST /api/payments/demo/confirm': {
    valid: () => ({ clientSecret: DEMO_SECRET, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    required: ['clientSecret', 'cardNumber'],
  },
  'PATCH /api/applications/:id/review': {
    valid: () => ({ status: 'approved', reviewNotes: 'Looks good to me, welcome.' }),
    required: ['status', 'reviewNotes'],
  },
  'PATCH /api/applications/:id': {
    valid: () => ({ status: 'denied', reviewNotes: 'Not this time.' }),
    required: ['status'],
  },
  'PATCH /api/staff-applications/:id': {
    valid: () => ({ status: 'approved', reviewNotes: 'Welcome aboard.' }),
    required: ['status'],
  },
  // votes on each kind (decision 0106): the ids the fuzzer sends name no application
  'POST /api/applications/:id/votes': { valid: () => ({ choice: 'approve', note: 'Fine.' }), required: ['choice'] },
  'POST /api/staff-applications/:id/votes': { valid: () => ({ choice: 'deny' }), required: ['choice'] },
  'POST /api/appeals/:id/votes': {
    valid: () => ({ choice: 'deny', applicantMessage: 'The clip shows the shot fired first.' }),
    required: ['choice'],
  },
  'POST /api/answer-templates': {
    valid: () => ({ kind: 'whitelist', decision: 'approve', name: 'Fuzzed', body: 'Welcome, {player}.' }),
    required: ['kind', 'decision', 'name', 'body'],
  },
  'PATCH /api/answer-templates/:id': {
    valid: () => ({ kind: 'staff', decision: 'deny', name: 'Fuzzed', body: 'Sorry, {player}.' }),
    required: ['kind', 'decision', 'name', 'body'],
  },
  // the ids the fuzzer sends name no template: nothing to remove
  'DELETE /api/answer-templates/:id': { valid: () => ({}), required: [] },
  'POST /api/api-tokens': { valid: () => ({ name: 'Fuzzed', scopes: ['players:read'] }), required: ['name', 'scopes'] },
  // the ids the fuzzer sends name no token: nothing to revoke
  'POST /api/api-tokens/:id/revoke': { valid: () => ({}), required: [] },
  'POST /api/webhooks': {
    valid: () => ({ url: 'https://hooks.example.com/in', description: 'Fuzzed', events: ['purchase.completed'] }),
    required: ['url', 'events'],
  },
  // the ids the fuzzer sends name no endpoint and no message: nothing to remove, test or resend
  'DELETE /api/webhooks/:id': { valid: () => ({}), required: [] },
  'POST /api/webhooks/:id/test': { valid: () => ({}), required: [] },
  'POST /api/webhooks/messages/:id/resend': { valid: () => ({}), required: [] },
  // the players the fuzzer names wait in no queue
  'POST /api/queue/:server/players/:discordId/front': { valid: () => ({}), required: [] },
  'POST /api/queue/:server/players/:discordId/remove': { valid: () => ({ reason: 'Alt account' }), required: [] },
  'POST /api/deliveries/:id/retry': { valid: () => ({}), required: [] },
  'POST /api/emails/:id/retry': { valid: () => ({}), required: [] },
  'POST /api/user/privacy/export': { valid: () => ({}), required: [] },
  // only ever sent broken: an erasure without its confirmation erases nothing
  'POST /api/user/privacy/erase': { valid: () => ({ confirm: 'DELETE' }), required: ['confirm'] },
  'POST /api/grants/:id/resend': { valid: () => ({}), required: [] },
  'POST /api/grants/:id/done': { valid: () => ({ note: 'Given by hand' }), required: ['note'] },
  'POST /api/grants/:id/cancel': { valid: () => ({ reason: 'Not wanted' }), required: [] },
  // the game server's key is never sent by the fuzzer: every request is refused before its body is read
  'POST /api/game/grants/poll': { valid: () => ({ server: 'main', online: [] }), required: ['server', 'online'] },
  'POST /api/game/queue': {
    valid: () => ({ server: 'main', slots: 64, online: 12, waiting: [], admitted: [] }),
    required: ['server', 'slots', 'online', 'waiting'],
  },
  'POST /api/game/grants/reports': {
    valid: () => ({ server: 'main', reports: [{ grantId: '00000000-0000-4000-8000-000000000000', ok: true }] }),
    required: ['server', 'reports'],
  },
  'POST /api/game/players/:discordId/tokens': {
    valid: () => ({ amount: -5, reference: 'shop-1', reason: 'Bait' }),
    required: ['amount', 'reference', 'reason'],
  },
  'POST /api/players/:id/tokens': {
    valid: () => ({ direction: 'credit', amount: 5, reason: 'Event prize' }),
    required: ['direction', 'amount', 'reason'],
  },
  'POST /api/purchases/:id/refund': { valid: () => ({ reason: 'Bought the wrong tier' }), required: ['reason'] },
  'POST /api/players/:id/ban': { valid: () => ({ reason: 'Cheating' }), required: ['reason'] },
  'POST /api/players/:id/unban': { valid: () => ({ reason: 'Appeal accepted' }), required: ['reason'] },
  'POST /api/players/:id/role': { valid: () => ({ role: 'staff' }), required: ['role'] },
  'POST /api/players/:id/permissions': { valid: () => ({ grant: ['refund'] }), required: ['grant'] },
  // the second factor's ceremonies: options take no body; answers carry the browser's WebAuthn answer or a typed code
  'POST /api/security/passkeys/options': { valid: () => ({}), required: [] },
  'POST /api/security/passkeys': { valid: () => ({ response: { id: 'fuzz-credential' } }), required: ['response'] },
  'POST /api/security/authenticator-app': { valid: () => ({}), required: [] },
  'POST /api/security/authenticator-app/confirm': { valid: () => ({ code: '123456' }), required: ['code'] },
  'POST /api/security/check/options': { valid: () => ({}), required: [] },
  'POST /api/security/check/passkey': {
    valid: () => ({ response: { id: 'fuzz-credential' } }),
    required: ['response'],
  },
  'POST /api/security/check/code': { valid: () => ({ code: '123456' }), required: ['code'] },
  'POST /api/membership/cancel': { valid: () => ({}), required: [] },
  'POST /api/membership/resume': { valid: () => ({}), required: [] },
  'POST /api/membership/change-tier': { valid: () => ({ tierId: 'gator-crown' }), required: ['tierId'] },
  'POST /api/membership/pay-renewal': { valid: () => ({}), required: [] },
  'POST /api/coupons': { valid: () => ({ code: 'FUZZ10', percentOff: 10 }), required: ['code'] },
  'POST /api/coupons/:code/disable': { valid: () => ({}), required: [] },
  'POST /api/sales': {
    valid: () => ({
      name: 'Fuzz sale',
      percentOff: 10,
      startsAt: '2026-11-24T00:00:00Z',
      endsAt: '2026-11-25T00:00:00Z',
    }),
    required: ['name', 'percentOff', 'startsAt', 'endsAt'],
  },
  'POST /api/sales/:id/end': { valid: () => ({}), required: [] },
  'POST /api/creators': {
    valid: () => ({ discordId: '123456789012345678', code: 'FUZZY', sharePercent: 10 }),
    required: ['discordId', 'code', 'sharePercent'],
  },
  // an unknown code: nothing to disable
  'POST /api/creators/:code/disable': { valid: () => ({}), required: [] },
  'POST /api/tebex/webhook': {
    valid: () => ({ id: 'a-webhook', type: 'payment.completed', date: '2026-11-24T00:00:00Z', subject: {} }),
    required: [],
  },
  'POST /api/stripe/webhook': {
    valid: () => ({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } }),
    required: [],
  },
  // interviews (decision 0107): the applicant's own, and each kind's staff routes below its review path
  'POST /api/interviews/slots/:id/book': { valid: () => ({}), required: [] },
  'POST /api/interviews/:id/reschedule': {
    valid: () => ({ slotId: '00000000-0000-4000-8000-000000000000', reason: 'My shift moved' }),
    required: ['slotId', 'reason'],
  },
  'POST /api/interviews/:id/cancel': { valid: () => ({ reason: 'Family matters' }), required: ['reason'] },
  ...interviewStaffBodies(),
};

/** Each kind's interview routes for staff take the same bodies. */
function interviewStaffBodies(): typeof BODIES {
  const bodies: typeof BODIES = {};
  const soon = () => new Date(Date.now() + 48 * 3_600_000).toISOString();
  for (const path of ['/api/applications', '/api/staff-applications', '/api/appeals']) {
    bodies[`POST ${path}/:id/interviews/slots`] = {
      valid: () => ({ slots: [{ startsAt: soon(), minutes: 30 }] }),
      required: ['slots'],
    };
    bodies[`POST ${path}/:id/interviews/slots/:slotId/withdraw`] = { valid: () => ({}), required: [] };
    bodies[`POST ${path}/:id/interviews/:interviewId/reschedule`] = {
      valid: () => ({ startsAt: soon(), minutes: 30, reason: 'The reviewer is away' }),
      required: ['startsAt', 'reason'],
    };
    bodies[`POST ${path}/:id/interviews/:interviewId/cancel`] = {
      valid: () => ({ reason: 'The position is filled' }),
      required: ['reason'],
    };
    bodies[`POST ${path}/:id/interviews/:interviewId/outcome`] = {
      valid: () => ({ outcome: 'held' }),
      required: ['outcome'],
    };
  }
  return bodies;
}

/** Requests that change rows even when well-formed and anonymous-safe: sent only in their broken forms. */
const SIGNS_OUT = 'GET /api/auth/logout';

const huge = (random: Random) => 'x'.repeat(random.pick([5001, 20_000, 120_000]));
const UNICODE = [
  'Ünïcödé 🐊🎷',
  '\u0000nul',
  '\u202eright-to-left',
  'ｆｕｌｌｗｉｄｔｈ',
  '𝕭𝖆𝖞𝖔𝖚',
  '\ud83d',
  'ـــ\u200d\u200c',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '%00%ff',
  '../../etc/passwd',
];

/** A value of any type but the one given. */
function wrongType(random: Random, like: unknown): unknown {
  const byType: Record<string, unknown[]> = {
    string: [42, -1, 1e308, true, false, [], ['a'], {}, { $ne: null }],
    number: ['abc', '', 'NaN', true, [], [24], {}, { value: 24 }],
    boolean: ['true', 'yes', 1, 0, [], [true], {}],
    object: ['text', 7, true, [], [{}]],
  };
  return random.pick(byType[typeof like] ?? byType.object!);
}

/** Extra fields, prototype keys and unicode text, never touching `keep` (the defect that must stay). */
function decorate(random: Random, body: Record<string, unknown>, keep?: string): void {
  if (random.chance(0.3))
    body[random.pick(['extra', 'role', 'tokens', 'userId', 'status', 'isAdmin'])] = random.pick([
      'admin',
      99999,
      true,
      null,
      { nested: true },
    ]);
  if (random.chance(0.3))
    Object.defineProperty(body, '__proto__', {
      value: { role: 'admin', isAdmin: true, polluted: true },
      enumerable: true,
      configurable: true,
      writable: true,
    });
  if (random.chance(0.2)) body['constructor'] = { prototype: { polluted: true } };
  if (random.chance(0.3)) {
    const key = random.pick(Object.keys(body));
    if (key !== keep && typeof body[key] === 'string') body[key] = random.pick(UNICODE);
  }
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  label: string;
  /** its query string holds a control character: answered 400 INVALID_QUERY, whatever else is wrong with it */
  controlQuery?: boolean;
}

/** A body that must be refused: each carries at least one defect that makes it invalid. */
function brokenBody(random: Random, key: string): { body: string | Buffer; contentType: string; label: string } {
  const shape = BODIES[key];
  const json = 'application/json';
  const kind = random.int(10);
  if (!shape || kind === 0)
    return {
      body:
        random.pick([
          '{"broken":',
          '{',
          '[1,2',
          '{"a":1}}',
          'nul',
          '\u0000',
          '{"a": undefined}',
          "{'single': 1}",
          '',
        ]) || '{',
      contentType: json,
      label: 'broken JSON',
    };
  if (kind === 1)
    return {
      body: JSON.stringify(shape.valid()),
      contentType: random.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/jsonx',
        'json',
      ]),
      label: 'wrong content type',
    };
  if (kind === 2)
    return {
      body: JSON.stringify(random.pick([[shape.valid()], [], 42, '"text"', null, true, 'a'.repeat(50)])),
      contentType: json,
      label: 'array or scalar for an object',
    };
  if (kind === 3) return { body: `${'['.repeat(3000)}${']'.repeat(3000)}`, contentType: json, label: 'deep nesting' };
  const body = shape.valid();
  const required = shape.required;
  if (required.length === 0) {
    decorate(random, body);
    // an empty object is the whole valid body of a route that takes none (a ceremony's start): send something it
    // does not take
    if (Object.keys(body).length === 0) body.extra = random.pick(['admin', 99999, true, null, { nested: true }]);
    return { body: JSON.stringify(body), contentType: json, label: 'unsigned webhook' };
  }
  const field = random.pick(required);
  let label: string;
  if (kind <= 5) {
    delete body[field];
    label = `missing ${field}`;
  } else if (kind <= 7) {
    body[field] = wrongType(random, body[field]);
    label = `wrong type for ${field}`;
  } else if (kind === 8 && typeof body[field] === 'string') {
    body[field] = huge(random);
    label = `huge ${field}`;
  } else {
    body[field] = random.pick([null, wrongType(random, body[field])]);
    if (body[field] === null && field === 'reviewNotes') body[field] = 5;
    label = `null or wrong ${field}`;
  }
  decorate(random, body, field);
  return { body: JSON.stringify(body), contentType: json, label };
}

const BAD_IDS = [
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '%00',
  '%ff%fe',
  '..%2f..%2fpackage.json',
  '%F0%9F%90%8A',
  'x'.repeat(2000),
  '1;select',
  'pi_123',
  '__proto__',
  'constructor',
];

/** percent-encoded and raw-in-the-address control characters: NUL, a line feed, a tab, an escape, DEL */
const PATH_CONTROLS = ['%00', '%0A', '%09', '%1b', '%7F', '%00%00'];

function concretePath(random: Random, path: string): string {
  return path.replace(/:id/g, () => random.pick(BAD_IDS));
}

/** Percent-encodes text; a lone surrogate becomes the invalid UTF-8 bytes a careless client would send. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%BD';
  }
}

/** whether a query value, decoded as the server decodes it, holds a C0 control character or DEL */
function holdsControl(value: string): boolean {
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return false;
  }
  return [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

/** a query string, and whether it holds a control character (the server refuses it before any route reads it) */
function fuzzQuery(random: Random): { query: string; control: boolean } {
  if (random.chance(0.4)) return { query: '', control: false };
  const pairs: string[] = [];
  let control = false;
  for (let i = 0, n = 1 + random.int(4); i < n; i++) {
    const key = random.pick([
      'status',
      'page',
      'pageSize',
      'category',
      'type',
      'limit',
      '__proto__',
      'constructor[prototype][x]',
      'page[]',
      'status[$ne]',
      'returnTo',
      'cursor',
      'before',
      'q',
      'buyer',
    ]);
    const value = random.pick([
      '-1',
      '0',
      '1e9',
      '99999999999999999999',
      'NaN',
      'Infinity',
      'pending',
      'admin',
      '',
      '%00',
      'a%01b',
      'line%0Abreak',
      '%7F',
      encodeLoosely(random.pick(UNICODE)),
      'x'.repeat(3000),
      'https://evil.example',
      '//evil.example',
    ]);
    control ||= holdsControl(value);
    pairs.push(`${key}=${value}`);
  }
  return { query: `?${pairs.join('&')}`, control };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

function generate(
  random: Random,
  routes: Array<{ method: string; path: string }>,
  cookies: Record<string, string | undefined>,
): FuzzRequest {
  const route = random.pick(routes);
  const key = `${route.method} ${route.path}`;
  const who = random.pick(Object.keys(cookies));
  const headers: Record<string, string> = {};
  const cookie = cookies[who];
  if (cookie) headers.cookie = cookie;
  if (random.chance(0.05))
    headers.cookie = random.pick([
      'bayou.sid=forged; bayou.sid.sig=forged',
      'bayou.sid=' + 'A'.repeat(4000),
      'bayou.sid=%ff%00',
      '__proto__=1',
    ]);
  const path = concretePath(random, route.path);
  const allowedHere = new Set(routes.filter((other) => other.path === route.path).map((other) => other.method));
  const style = random.int(10);
  if (style <= 1 || key === SIGNS_OUT) {
    // a wrong method, with or without a body
    const wrong = METHODS.filter(
      (method) => !allowedHere.has(method) && !(method === 'HEAD' && allowedHere.has('GET')),
    );
    const method = random.pick(wrong.length ? wrong : ['PUT']);
    const withBody = method !== 'GET' && method !== 'HEAD' && random.chance(0.5);
    const { query, control } = fuzzQuery(random);
    return {
      method,
      path: path + query,
      headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
      body: withBody ? JSON.stringify({ anything: random.pick(UNICODE) }) : undefined,
      label: `${who} wrong method ${method} ${route.path}`,
      controlQuery: control,
    };
  }
  if (route.method === 'GET') {
    // reads change nothing: fuzz their ids, query strings and cookies
    const { query, control } = fuzzQuery(random);
    return { method: 'GET', path: path + query, headers, label: `${who} ${key} query`, controlQuery: control };
  }
  const broken = brokenBody(random, key);
  return {
    method: route.method,
    path,
    headers: { ...headers, 'content-type': broken.contentType },
    body: broken.body,
    label: `${who} ${key} ${broken.label}`,
  };
}

let server: TestServer;
let agent: Agent;
const cookies: Record<string, string | undefined> = { anonymous: undefined };
/** pino's numeric level of every line the server logs: 50 and above are errors */
const logLevels: number[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLevels.push(JSON.parse(line).level as number);
    done();
  },
});

beforeAll(async () => {
  server = await startTestServer({
    env: { GAME_API_KEY: 'fuzz-game-key-0123456789abcdef' },
    logger: createLogger('warn', logSink),
  });
  for (const role of ['player', 'staff', 'admin'] as const) cookies[role] = (await signIn(server, { role })).cookie;
  agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
});
afterAll(async () => {
  agent?.destroy();
  await server?.stop();
});

function send(url: URL, fuzz: FuzzRequest): Promise<{ status: number; body: string }> {
  // a body goes with its length: Node frames no body of a DELETE or an OPTIONS by itself, and the server would read
  // one sent without a length as the next request on the connection
  const headers =
    fuzz.body === undefined
      ? fuzz.headers
      : { ...fuzz.headers, 'content-length': String(Buffer.byteLength(fuzz.body)) };
  return new Promise((done, fail) => {
    const req = request(
      { host: url.hostname, port: url.port, method: fuzz.method, path: fuzz.path, headers, agent },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', fail);
    req.end(fuzz.body);
  });
}

/** 400 with the code INVALID_QUERY (a HEAD answer has no body to read it from) */
function refusedQuery(fuzz: FuzzRequest, answer: { status: number; body: string }): boolean {
  if (answer.status !== 400) return false;
  if (fuzz.method === 'HEAD') return true;
  try {
    return (JSON.parse(answer.body) as { code?: string }).code === 'INVALID_QUERY';
  } catch {
    return false;
  }
}

/** Row count and checksum of every table: any insert, update or delete changes it. */
async function snapshot(): Promise<Record<string, string>> {
  const { database } = server.system;
  return database.withContext(async () => {
    const connection = database.em.getConnection();
    const tables = await connection.execute<{ name: string }[]>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const result: Record<string, string> = {};
    for (const { name } of tables) {
      const [row] = await connection.execute<{ rows: string; sum: string | null }[]>(
        `select count(*)::text as rows, md5(string_agg(t::text, ',' order by t::text)) as sum from "${name}" t`,
      );
      result[name] = `${row!.rows} rows, ${row!.sum ?? 'empty'}`;
    }
    return result;
  });
}

describe(`fuzzing every API route (seed ${SEED})`, () => {
  // every route the app's routers hold, so a new route cannot escape the fuzzing
  it('covers every route with a body generator where the route takes one', () => {
    const routes = allRoutes(server);
    expect(routes.length).toBeGreaterThan(20);
    const writes = routes.filter((route) => route.method !== 'GET').map((route) => `${route.method} ${route.path}`);
    expect(writes.filter((key) => !BODIES[key])).toEqual([]);
  });

  it(`answers ${REQUESTS} generated bad requests without a 5xx and without changing a row`, async () => {
    const routes = allRoutes(server);
    const random = prng(SEED);
    const requests = Array.from({ length: REQUESTS }, () => generate(random, routes, cookies));
    const url = new URL(server.url);
    const before = await snapshot();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const fuzz = requests[next++]!;
          const answer = await send(url, fuzz);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (fuzz.controlQuery && !refusedQuery(fuzz, answer))
            failures.push(
              `not INVALID_QUERY: ${answer.status} ${fuzz.label} ${fuzz.method} ${fuzz.path.slice(0, 120)}: ${answer.body.slice(0, 200)}`,
            );
          else if (answer.status >= 500 || answer.status < 200)
            failures.push(
              `${answer.status} ${fuzz.label} ${fuzz.method} ${fuzz.path.slice(0, 120)}: ${answer.body.slice(0, 200)}`,
            );
          else if (answer.status < 300 && fuzz.method !== 'GET' && fuzz.method !== 'HEAD' && fuzz.method !== 'OPTIONS')
            failures.push(`accepted ${answer.status} ${fuzz.label}`);
        }
      }),
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests.filter((fuzz) => fuzz.controlQuery).length, 'control characters in query strings').toBeGreaterThan(
      0,
    );
    expect(await snapshot()).toEqual(before);
    // the generator reaches the refusals it is meant to provoke
    for (const status of [400, 401, 403, 404, 405, 413, 415])
      expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a control character in any path parameter of any route with a 400, logging no error', async () => {
    const routes = allRoutes(server).filter((route) => route.path.includes('/:'));
    expect(routes.length).toBeGreaterThan(10);
    const url = new URL(server.url);
    const before = await snapshot();
    const errorsBefore = logLevels.filter((level) => level >= 50).length;
    const failures: string[] = [];
    for (const route of routes)
      for (const [index, control] of PATH_CONTROLS.entries()) {
        // each parameter in turn carries it, the others a plain value
        const names = route.path.match(/:[A-Za-z]+/g) ?? [];
        const path = route.path.replace(/:[A-Za-z]+/g, (name) =>
          name === names[index % names.length] ? `AB${control}CD` : 'ABCD',
        );
        const answer = await send(url, {
          method: route.method,
          path,
          headers: {
            cookie: cookies.admin!,
            ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          body: route.method === 'GET' ? undefined : '{}',
          label: `${route.method} ${path}`,
        });
        const code = (JSON.parse(answer.body || '{}') as { code?: string }).code;
        if (answer.status !== 400 || code !== 'INVALID_PATH')
          failures.push(`${answer.status} ${route.method} ${path}: ${answer.body.slice(0, 160)}`);
      }
    expect(failures).toEqual([]);
    expect(logLevels.filter((level) => level >= 50).length - errorsBefore, 'error-level log lines').toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it("answers the database's refusal of a NUL byte with a 400, not a 500", async () => {
    // the address guard keeps NULs in paths from the database; a value from elsewhere meets this answer
    const { database } = server.system;
    const refusal = await database
      .withContext(() => database.em.getConnection().execute('select ?::text as "code"', ['AB\u0000CD']))
      .then(
        () => null,
        (error: unknown) => error,
      );
    if (serverTarget() === 'postgres') expect((refusal as { code?: string }).code).toBe('08P01');
    if (!refusal) return;
    const ctx = { method: 'GET', path: '/', remove: () => {}, set: () => {} } as unknown as Context;
    errorResponse(createLogger('silent'))(ctx, refusal);
    expect([ctx.status, (ctx.body as { code?: string }).code]).toEqual([400, 'INVALID_VALUE']);
  });

  it('refuses a NUL character in an otherwise valid form with a 400, storing nothing', async () => {
    const before = await snapshot();
    const answer = await send(new URL(server.url), {
      method: 'POST',
      path: '/api/applications',
      headers: { cookie: cookies.player!, 'content-type': 'application/json' },
      body: JSON.stringify(whitelistAnswers({ rpExperience: 'Three years of roleplay\u0000 on two servers.' })),
      label: 'NUL in a valid form',
    });
    expect(answer.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
