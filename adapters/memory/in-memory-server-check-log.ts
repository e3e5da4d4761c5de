import type { ServerCheckLog } from '../../core/game/ports.ts';

/** The game server's checks per hour, in memory, like game_server_checks. */
export class InMemoryServerCheckLog implements ServerCheckLog {
  private readonly hours = new Map<number, { checks: number; online: number }>();

  async count(hour: Date, online: boolean): Promise<void> {
    const counted = this.hours.get(hour.getTime()) ?? { checks: 0, online: 0 };
    this.hours.set(hour.getTime(), { checks: counted.checks + 1, online: counted.online + (online ? 1 : 0) });
  }

  async totalSince(since: Date): Promise<{ checks: number; online: number }> {
    let checks = 0;
    let online = 0;
    for (const [hour, counted] of this.hours) {
      if (hour < since.getTime()) continue;
      checks += counted.checks;
      online += counted.online;
    }
    return { checks, online };
  }
}
