import { AsyncResource } from 'node:async_hooks';
import type { DeliveryPassReport } from '../../core/delivery/use-cases/deliver-due.ts';
import type { Logger } from '../logger.ts';

export interface DeliveryWorkerOptions {
  /** one pass over the outbox (the core's DeliverDue) */
  pass: () => Promise<DeliveryPassReport>;
  logger: Logger;
  /** how often to look for due deliveries when nothing wakes the worker */
  pollMs: number;
  /** what the log says when some gave up for good (the Discord deliveries' words unless given) */
  failedMessage?: string;
}

/**
 * Runs inside each server process: looks at the outbox every `pollMs`, and at once when told that something was
 * queued. A pass that finds a full batch runs again straight away. `stop()` lets the current pass finish.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private again = false;

  /**
   * Passes run in the context the worker was made in: `wake()` is called from inside a request's transaction,
   * and a timer set there would otherwise carry that (by then finished) transaction into the pass.
   */
  private readonly boundTick: () => void;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.boundTick = AsyncResource.bind(() => this.tick());
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** something was queued: look soon (after the transaction that queued it has committed) */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(25);
  }

  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(this.boundTick, ms);
    this.timer.unref();
  }

  private tick(): void {
    if (!this.started || this.running) return;
    this.running = this.runPasses().finally(() => {
      this.running = undefined;
      if (this.started) this.schedule(this.again ? 0 : this.options.pollMs);
      this.again = false;
    });
  }

  private async runPasses(): Promise<void> {
    try {
      for (;;) {
        const report = await this.options.pass();
        const handled = report.delivered + report.retrying + report.failed;
        if (report.failed > 0)
          this.options.logger.warn(
            { failed: report.failed },
            this.options.failedMessage ?? 'Discord deliveries failed for good; see `delivery list --failed`',
          );
        if (handled === 0 || !this.started) return;
      }
    } catch (error) {
      // the database may be away for a moment; the next poll tries again
      this.options.logger.error({ err: error }, 'delivery pass failed');
    }
  }
}
