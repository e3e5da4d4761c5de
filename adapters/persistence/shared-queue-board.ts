import type { QueueState } from '../../core/queue/model/queue.ts';
import type { QueueBoard } from '../../core/queue/ports.ts';
import type { Database } from './database.ts';

/** how old this process's copy of the other processes' reports may grow before it reads them again */
const REFRESH_MS = 2_000;
/** how long a request waits for that read before it answers from the copy held */
const READ_WAIT_MS = 250;

interface StoredState {
  slots: number;
  online: number;
  waiting: Array<{ discordId: string; name: string; priority: number; tier: string | null; since: string }>;
}

/**
 * Each game server's latest queue, held in this process's memory (decision 0110). A report reaches whichever process
 * the balancer picks: that process keeps it at once and writes it to its server's row of queue_states (one row a
 * server, written by that server's reports alone); every process reads the table again when its copy is older than
 * two seconds and someone asks, in one statement, so players and staff on any process see a report within a few
 * seconds; a request waits at most 250 ms for that read, and never on the game server.
 */
export class SharedQueueBoard implements QueueBoard {
  private readonly states = new Map<string, QueueState>();
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly refreshMs = REFRESH_MS,
  ) {}

  async put(state: QueueState): Promise<void> {
    this.keep(state);
    const stored: StoredState = {
      slots: state.slots,
      online: state.online,
      waiting: state.waiting.map((player) => ({ ...player, since: player.since.toISOString() })),
    };
    await this.database.query(
      `insert into "queue_states" ("server", "state", "received_at") values (?, ?::jsonb, ?)
       on conflict ("server") do update set "state" = excluded."state", "received_at" = excluded."received_at"
       where "queue_states"."received_at" <= excluded."received_at"`,
      [state.server, JSON.stringify(stored), state.receivedAt],
    );
  }

  async all(): Promise<QueueState[]> {
    if (Date.now() - this.readAt > this.refreshMs) {
      this.reading ??= this.read().finally(() => {
        this.reading = null;
      });
      // a database slow to answer does not hold the answer up: the copy held goes out, and the read lands later
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.reading,
        new Promise<void>((done) => {
          timer = setTimeout(done, READ_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    }
    return [...this.states.values()];
  }

  private keep(state: QueueState): void {
    const held = this.states.get(state.server);
    if (!held || held.receivedAt <= state.receivedAt) this.states.set(state.server, state);
  }

  private async read(): Promise<void> {
    try {
      const rows = await this.database.withContext(() =>
        this.database.query<{ server: string; state: StoredState | string; received_at: Date | string }>(
          `select "server", "state", "received_at" from "queue_states"`,
        ),
      );
      for (const row of rows) {
        const stored = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as StoredState;
        this.keep({
          server: row.server,
          slots: stored.slots,
          online: stored.online,
          waiting: stored.waiting.map((player) => ({ ...player, since: new Date(player.since) })),
          receivedAt: new Date(row.received_at),
        });
      }
    } catch {
      // the database does not answer: the copy held is what there is, and the read is tried again in 2 s
    } finally {
      this.readAt = Date.now();
    }
  }
}
