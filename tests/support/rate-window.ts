import { MINUTE_MS } from '../../adapters/http/middleware/rate-limiter.ts';

/**
 * The rate limiters count in windows of the clock's minutes (RateLimiter). A test that counts up to a limit and past it
 * starts here: when the minute ends within `roomMs`, it waits for the next one, so every request it counts falls in one
 * window and none is let through by a new one.
 */
export async function inOneLimitWindow(roomMs = 8_000): Promise<void> {
  const left = MINUTE_MS - (Date.now() % MINUTE_MS);
  if (left < roomMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
