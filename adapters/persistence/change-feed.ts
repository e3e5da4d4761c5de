import pg from 'pg';
import type { Logger } from '../logger.ts';
import type { Database } from './database.ts';

const CHANNEL = 'bayou_cache';
const POLL_MS = 250;
const PRUNE_EVERY_MS = 60_000;

/**
 * Every other process's changes to cached rows, announced on this process's database (`Database.onChange`): on
 * Postgres through LISTEN on the channel the triggers notify (delivered at commit); on the embedded PGlite, where
 * NOTIFY does not cross connections, by reading the triggers' `cache_invalidations` log every 250 ms. While it
 * cannot hear (the listening connection is down) it says so (`hearing` false) and has announced '*': drop everything.
 */
export class ChangeFeed {
  hearing = false;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private lastId = 0;
  private lastPrune = 0;
  private retryMs = 500;
  private readonly hearingListeners = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** runs `listener` each time the feed starts hearing: a cache may load itself then, ahead of its first reader */
  onHearing(listener: () => void): void {
    this.hearingListeners.add(listener);
  }

  private nowHearing(): void {
    this.hearing = true;
    for (const listener of this.hearingListeners) listener();
  }

  async start(): Promise<void> {
    if (this.database.onPglite) {
      const [row] = await this.database.query<{ id: string | null }>(
        `select max("id") as "id" from "cache_invalidations"`,
      );
      this.lastId = Number(row?.id ?? 0);
      this.nowHearing();
      this.timer = setInterval(() => void this.poll(), POLL_MS);
      this.timer.unref();
      return;
    }
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.hearing = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url, application_name: 'bayou-cache-feed' });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.deaf(error);
      void client.end().catch(() => undefined);
      if (!this.stopped)
        setTimeout(() => void this.listen().catch((retry: Error) => this.deaf(retry)), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, 10_000);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.database.announce(message.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    this.retryMs = 500;
    if (!this.timer) {
      this.timer = setInterval(() => this.prune(), PRUNE_EVERY_MS);
      this.timer.unref();
    }
    // whatever changed while it was not listening is unknown: start from nothing
    this.database.announce('*');
    this.nowHearing();
    this.prune();
  }

  private deaf(error?: Error): void {
    if (this.hearing)
      this.logger.warn({ err: error }, 'the cache change feed stopped hearing; serving without the cache');
    this.hearing = false;
    this.database.announce('*');
  }

  private async poll(): Promise<void> {
    try {
      const rows = await this.database.query<{ id: string; key: string }>(
        `select "id", "key" from "cache_invalidations" where "id" > ? order by "id" limit 5000`,
        [this.lastId],
      );
      for (const row of rows) {
        this.lastId = Math.max(this.lastId, Number(row.id));
        this.database.announce(row.key);
      }
      if (!this.hearing) {
        this.database.announce('*');
        this.nowHearing();
      }
      this.prune();
    } catch (error) {
      this.deaf(error as Error);
    }
  }

  /** the log is only read back a moment: what is older than five minutes goes, once a minute */
  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    void this.database
      .query(`delete from "cache_invalidations" where "at" < now() - interval '5 minutes'`)
      .catch(() => undefined);
  }
}
