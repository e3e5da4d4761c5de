import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordCall {
  method: string;
  path: string;
  body: any;
  auth: string | undefined;
  reason: string | undefined;
  /** when the call arrived: Date.now(), or the fake's clock when it was given one */
  at: number;
}

export interface PlannedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

interface Plan {
  method: string;
  path: RegExp;
  answers: PlannedAnswer[];
  /** keep answering the last one */
  always: boolean;
}

export const FAKE_BOT_TOKEN = 'fake-bot-token';
export const FAKE_GUILD_ID = '900000000000000001';

/**
 * A stand-in for Discord's REST API and a staff channel webhook, on loopback. It records every call, keeps a
 * guild's members and their roles, and answers what a test plans (429s, 500s) before behaving normally.
 */
export class FakeDiscord {
  readonly calls: DiscordCall[] = [];
  /** discordId -> role ids; only members can get roles */
  readonly members = new Map<string, Set<string>>();
  private plans: Plan[] = [];
  private server = createServer((request, response) => void this.handle(request, response));
  url = '';

  private constructor(private readonly now: () => number) {}

  /** `now` stamps the calls, for tests that run the gateway on a fake clock */
  static async start(options: { now?: () => number } = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options.now ?? Date.now);
    await new Promise<void>((done) => fake.server.listen(0, '127.0.0.1', () => done()));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  /** the server's environment for this fake: bot, guild, staff webhook */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
      DISCORD_GUILD_ID: FAKE_GUILD_ID,
      DISCORD_API_URL: `${this.url}/api/v10`,
      DISCORD_STAFF_WEBHOOK_URL: `${this.url}/api/webhooks/800000000000000001/staff-token`,
      ...extra,
    };
  }

  addMember(discordId: string, roles: string[] = []): void {
    this.members.set(discordId, new Set(roles));
  }

  /** the next matching calls get these answers, in order (`always`: the last one forever) */
  plan(method: string, path: RegExp, answers: PlannedAnswer[], options: { always?: boolean } = {}): void {
    this.plans.push({ method, path, answers: [...answers], always: options.always ?? false });
  }

  clearPlans(): void {
    this.plans = [];
  }

  callsTo(method: string, path: RegExp): DiscordCall[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  staffMessages(): string[] {
    return this.callsTo('POST', /^\/api\/webhooks\//).map((call) => call.body.content);
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const method = request.method ?? 'GET';
    const reason = request.headers['x-audit-log-reason'];
    this.calls.push({
      method,
      path,
      body: raw ? JSON.parse(raw) : null,
      auth: request.headers.authorization,
      reason: typeof reason === 'string' ? decodeURIComponent(reason) : undefined,
      at: this.now(),
    });
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };

    const plan = this.plans.find(
      (candidate) => candidate.method === method && candidate.path.test(path) && candidate.answers.length > 0,
    );
    if (plan) {
      const answer = plan.always && plan.answers.length === 1 ? plan.answers[0] : plan.answers.shift()!;
      return send(answer.status, answer.body, answer.headers);
    }

    if (path.startsWith('/api/webhooks/')) return send(204);
    if (request.headers.authorization !== `Bot ${FAKE_BOT_TOKEN}`)
      return send(401, { message: '401: Unauthorized', code: 0 });

    let match = /^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/.exec(path);
    if (match && (method === 'PUT' || method === 'DELETE')) {
      const roles = match[1] === FAKE_GUILD_ID ? this.members.get(match[2]) : undefined;
      if (!roles) return send(404, { message: 'Unknown Member', code: 10007 });
      if (method === 'PUT') roles.add(match[3]);
      else roles.delete(match[3]);
      return send(204);
    }
    match = /^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)$/.exec(path);
    if (match && method === 'GET') {
      const roles = match[1] === FAKE_GUILD_ID ? this.members.get(match[2]) : undefined;
      if (!roles) return send(404, { message: 'Unknown Member', code: 10007 });
      return send(200, { user: { id: match[2] }, roles: [...roles] });
    }
    if (path === '/api/v10/users/@me/channels' && method === 'POST') {
      const recipient = String(JSON.parse(raw).recipient_id);
      return send(200, { id: `7${recipient.slice(1)}`, type: 1, recipients: [{ id: recipient }] });
    }
    match = /^\/api\/v10\/channels\/(\d+)\/messages$/.exec(path);
    if (match && method === 'POST')
      return send(200, { id: String(Date.now()), channel_id: match[1], content: JSON.parse(raw).content });
    return send(404, { message: '404: Not Found', code: 0 });
  }

  /** the direct messages a member received */
  messagesTo(discordId: string): string[] {
    const channel = `7${discordId.slice(1)}`;
    return this.callsTo('POST', new RegExp(`^/api/v10/channels/${channel}/messages$`)).map((call) => call.body.content);
  }
}
