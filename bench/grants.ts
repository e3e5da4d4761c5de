import { createRequire } from 'node:module';

/** what the grants' part of the bench asks: the seed's 2,000 grants due for 500 players, on two game servers */
export const GRANT_PLAYERS = 500;
export const DUE_GRANTS = 2_000;
export const GRANT_SERVERS = 2;
/** each server asks once a second */
export const GRANT_POLL_MS = 1_000;
/** how long the servers go on asking once everything is delivered: the polls an idle evening sends */
const STEADY_MS = 10_000;

/** the seed's players online: Discord ids 400000000000000001 to 400000000000000500 (bench/seed.sql) */
export const grantPlayer = (n: number) => String(400_000_000_000_000_000n + BigInt(n));

interface Answer {
  status: number;
  body: { grants?: unknown[]; results?: unknown[] } | null;
}
type Request = (method: string, url: string, headers: object, body: unknown, timeoutMs: number) => Promise<Answer>;
interface Bridge {
  startGrants(): Promise<void>;
  pollGrants(): Promise<void>;
  stop(): void;
}

export interface GrantsRound {
  /** from the first poll until the last of the due grants was acknowledged by the site, in ms */
  deliveredMs: number;
  acknowledged: number;
  /** grants the servers ran: each once */
  ran: number;
  /** the polls once nothing is due, in ms */
  p50: number;
  p99: number;
  /** the polls that carried the grants, in ms */
  deliveryP99: number;
  /** answers other than 200 */
  failures: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
};

/**
 * The bayou-bridge resource's own code (its bridge.js, as FXServer loads it), two servers with 250 of the seed's
 * players online each, asking the site every second: how long until every due grant is run and acknowledged, and what
 * a poll takes once nothing is due.
 */
export async function grantsRound(siteUrl: string, apiKey: string): Promise<GrantsRound> {
  const { createBridge, nodeRequest } = createRequire(import.meta.url)('../adapters/fivem/resource/bridge.js') as {
    createBridge(options: object): Bridge;
    nodeRequest: Request;
  };
  const polls: Array<{ at: number; ms: number }> = [];
  let acknowledged = 0;
  let failures = 0;
  let ran = 0;
  let lastAcknowledged = 0;
  const timed: Request = async (method, url, headers, body, timeoutMs) => {
    const started = performance.now();
    // as through the site's HTTPS proxy, which production requires
    const answer = await nodeRequest(method, url, { ...headers, 'x-forwarded-proto': 'https' }, body, timeoutMs);
    const ms = performance.now() - started;
    if (answer.status !== 200) failures++;
    if (url.endsWith('/api/game/grants/poll')) polls.push({ at: started, ms });
    if (url.endsWith('/api/game/grants/reports') && answer.status === 200) {
      acknowledged += answer.body?.results?.length ?? 0;
      lastAcknowledged = performance.now();
    }
    return answer;
  };
  const perServer = GRANT_PLAYERS / GRANT_SERVERS;
  const bridges = Array.from({ length: GRANT_SERVERS }, (_, server) => {
    const online = Array.from({ length: perServer }, (_, i) => grantPlayer(1 + server * perServer + i));
    const store = new Map<string, string>();
    return createBridge({
      siteUrl,
      apiKey,
      serverName: `bench-${server + 1}`,
      grantsPollMs: GRANT_POLL_MS,
      timeoutMs: 10_000,
      request: timed,
      onlinePlayers: () => online,
      maxClients: () => 2048,
      playerCount: () => online.length,
      store: {
        get: (key: string) => store.get(key) ?? null,
        set: store.set.bind(store),
        remove: store.delete.bind(store),
      },
      runCommand: () => {
        ran++;
      },
      triggerEvent: () => {
        ran++;
      },
    });
  });
  const began = performance.now();
  try {
    await Promise.all(bridges.map((bridge) => bridge.startGrants()));
    while (acknowledged < DUE_GRANTS && performance.now() - began < 30_000)
      await new Promise((done) => setTimeout(done, 20));
    const delivered = lastAcknowledged - began;
    const steadyFrom = performance.now();
    await new Promise((done) => setTimeout(done, STEADY_MS));
    const steady = polls.filter((poll) => poll.at >= steadyFrom).map((poll) => poll.ms);
    const delivery = polls.filter((poll) => poll.at < steadyFrom).map((poll) => poll.ms);
    return {
      deliveredMs: acknowledged >= DUE_GRANTS ? Math.round(delivered) : Number.POSITIVE_INFINITY,
      acknowledged,
      ran,
      p50: Math.round(percentile(steady, 50) * 10) / 10,
      p99: Math.round(percentile(steady, 99) * 10) / 10,
      deliveryP99: Math.round(percentile(delivery, 99) * 10) / 10,
      failures,
    };
  } finally {
    for (const bridge of bridges) bridge.stop();
  }
}
