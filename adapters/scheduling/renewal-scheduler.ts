import type { RenewalReport } from '../../core/memberships/billing.ts';
import type { Logger } from '../logger.ts';

/**
 * Runs due membership renewals and endings every `pollMs` inside the server process. Several processes may run
 * it at once: a month is charged and granted once whoever gets there (the core's compare-and-sets).
 */
export class RenewalScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: { pass: () => Promise<RenewalReport>; logger: Logger; pollMs: number }) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = this.options
      .pass()
      .then((report) => {
        if (report.checked > 0) this.options.logger.info({ ...report }, 'membership renewals run');
      })
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'membership renewals failed'))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }
}
