import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { backupFileName, listBackups, pruneBackups } from '../persistence/backup/backup-files.ts';
import type { BackupSummary } from '../persistence/backup/write-backup.ts';

export interface BackupSchedulerOptions {
  /** writes one backup to the file named */
  take: (file: string) => Promise<BackupSummary>;
  dir: string;
  keep: number;
  everyMs: number;
  logger: Logger;
  /** the clock and the wait between passes; tests move a fake one */
  timer?: { now(): number; sleep(ms: number): Promise<void> };
}

const realTimer = {
  now: () => Date.now(),
  // a wait left pending by a stop keeps nothing alive
  sleep: (ms: number) => sleep(ms, undefined, { ref: false }),
};

/**
 * Backs the database up every `everyMs` into `dir`, keeping the newest `keep`. The first pass is due one interval
 * after the newest backup already there (at once when that is past), or one interval after the start when there
 * is none. A failed pass is logged as an error and the next one comes an interval later: it never stops the site.
 */
export class BackupScheduler {
  private readonly stopping = new AbortController();
  private readonly stopped = new Promise<void>((done) =>
    this.stopping.signal.addEventListener('abort', () => done(), { once: true }),
  );
  private loop: Promise<void> | undefined;
  private readonly timer: NonNullable<BackupSchedulerOptions['timer']>;

  constructor(private readonly options: BackupSchedulerOptions) {
    this.timer = options.timer ?? realTimer;
  }

  start(): void {
    this.loop ??= this.run().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
  }

  /** One backup, then the oldest beyond `keep` deleted; logged either way. Answers whether it was taken. */
  async runOnce(): Promise<boolean> {
    const { dir, keep, logger } = this.options;
    try {
      const summary = await this.options.take(join(dir, backupFileName(new Date(this.timer.now()))));
      const pruned = pruneBackups(dir, keep);
      logger.info({ ...summary, pruned }, 'database backed up');
      return true;
    } catch (error) {
      logger.error({ err: error, dir }, 'database backup failed; the next is tried an interval later');
      return false;
    }
  }

  private async run(): Promise<void> {
    const { everyMs } = this.options;
    let due = this.timer.now() + everyMs;
    try {
      const newest = listBackups(this.options.dir)[0];
      if (newest) due = newest.takenAt.getTime() + everyMs;
    } catch (error) {
      this.options.logger.error({ err: error, dir: this.options.dir }, 'the backups folder cannot be read');
    }
    while (!this.stopping.signal.aborted) {
      await Promise.race([this.timer.sleep(Math.max(0, due - this.timer.now())), this.stopped]);
      if (this.stopping.signal.aborted) return;
      await this.runOnce();
      due = this.timer.now() + everyMs;
    }
  }
}
