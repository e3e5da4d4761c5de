import { setImmediate as tick } from 'node:timers/promises';

/**
 * A clock that moves only when a test says so, with sleeps that end when it has moved far enough. Lets a test
 * check what happens during a wait (nothing) and right after it, without waiting in real time.
 */
export class FakeTimer {
  private current: number;
  private sleepers: Array<{ until: number; wake: () => void }> = [];

  constructor(start = Date.parse('2026-11-22T12:00:00Z')) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => this.sleepers.push({ until: this.current + Math.max(0, ms), wake }));
  }

  /** how many sleeps have not ended */
  get sleeping(): number {
    return this.sleepers.length;
  }

  /** Moves the clock on by `ms`, ending the sleeps due by then in time order, each at its own instant. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const next = this.sleepers.filter((sleeper) => sleeper.until <= target).sort((a, b) => a.until - b.until)[0];
      if (!next) break;
      this.sleepers.splice(this.sleepers.indexOf(next), 1);
      this.current = Math.max(this.current, next.until);
      next.wake();
      await tick();
    }
    this.current = target;
    await tick();
  }
}
