import type { Logger } from '../logger.ts';

/**
 * Runs a pass of due work inside the server process: once at start (what a crash left undone) and then every
 * `pollMs`, one pass at a time. Several processes may run it at once: the work itself makes sure each effect
 * happens once (the core's compare-and-sets).
 */
export class RecurringJob<Report> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly options: {
      name: string;
      pass: () => Promise<Report>;
      /** what of a report is worth a log line (nothing: none) */
      summary: (report: Report) => object | null;
      logger: Logger;
      pollMs: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.pollMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    const { name, logger } = this.options;
    this.running = this.options
      .pass()
      .then((report) => {
        const summary = this.options.summary(report);
        if (summary) logger.info({ ...summary }, `${name} run`);
      })
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }
}
