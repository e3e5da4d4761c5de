import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';

/** The seconds a 429 asks to wait (its body's `retryAfter`), or null for any other failure. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = (error.body as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 60;
}

/** The whole seconds left until `until` (a time in ms), drawn again as each second passes; 0 once it has. */
export function useSecondsLeft(until: number | null): number {
  const [, setTick] = useState(0);
  const left = until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (until === null || left === 0) return;
    // wakes as the count turns over, so the figure moves every second and reaches 0 on time
    const timer = setTimeout(() => setTick((tick) => tick + 1), (until - Date.now()) % 1000 || 1000);
    return () => clearTimeout(timer);
  });
  return left;
}

/** The server's refusal with its wait counted down ("Try again in 23 seconds." becomes "... in 22 seconds."). */
export function waitMessage(message: string, seconds: number): string {
  return message.replace(/\d+ seconds?/, `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`);
}
