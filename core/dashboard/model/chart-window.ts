import { InvalidInputError } from '../../shared/errors.ts';
import type { Period } from '../ports.ts';

/** The windows the dashboard offers for its daily and weekly charts and its reviewer figures, in days. */
export const CHART_WINDOWS = [30, 90] as const;
export type ChartWindow = (typeof CHART_WINDOWS)[number];

const DAY_MS = 86_400_000;

/**
 * The last `days` UTC days up to `now`, today included: from the start of the first to now. A window the dashboard
 * does not offer is refused (400), naming `what` it is for.
 */
export function chartWindowOf(days: number, now: Date, what: string): { days: ChartWindow; window: Period } {
  const window = days as ChartWindow;
  if (!CHART_WINDOWS.includes(window))
    throw new InvalidInputError('INVALID_CHART_WINDOW', `${what} cover ${CHART_WINDOWS.join(' or ')} days.`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { days: window, window: { from: new Date(today - (days - 1) * DAY_MS), to: now } };
}
