import type { Clock } from '../../shared/ports.ts';
import type { ServerCheckLog } from '../ports.ts';

const HOUR_MS = 3_600_000;
/** uptime is the share of the checks of the last 30 days (this hour and the 719 before it) that found the server up */
export const UPTIME_WINDOW_HOURS = 30 * 24;

const hourOf = (time: Date) => new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Counts one status check of the game server and answers its uptime over the last 30 days: the share of the checks
 * made in them that it answered, or null before any was counted. Every server process counts its own checks, so
 * several processes weigh each hour alike.
 */
export class RecordServerCheck {
  constructor(
    private readonly checks: ServerCheckLog,
    private readonly clock: Clock,
  ) {}

  async execute({ online }: { online: boolean }): Promise<number | null> {
    const hour = hourOf(this.clock.now());
    await this.checks.count(hour, online);
    const total = await this.checks.totalSince(new Date(hour.getTime() - (UPTIME_WINDOW_HOURS - 1) * HOUR_MS));
    return total.checks === 0 ? null : total.online / total.checks;
  }
}
