import type { MyQueuePlaceDto } from '@contract/queue.ts';

type ExpectedWait = NonNullable<MyQueuePlaceDto['place']>['expectedWait'];

const minutes = (count: number) => (count >= 120 ? `${Math.round(count / 6) / 10} hours` : `${count} min`);

/** "about 9–15 min", "about 2.5–3 hours", or that the pace is not known yet */
export function expectedWaitText(wait: ExpectedWait): string {
  if (!wait) return 'Not enough data yet';
  if (wait.fromMinutes === wait.toMinutes) return `About ${minutes(wait.fromMinutes)}`;
  if (wait.toMinutes >= 120 && wait.fromMinutes < 120)
    return `About ${wait.fromMinutes} min to ${minutes(wait.toMinutes)}`;
  const low = wait.fromMinutes >= 120 ? String(Math.round(wait.fromMinutes / 6) / 10) : String(wait.fromMinutes);
  return `About ${low}–${minutes(wait.toMinutes)}`;
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd" */
export function ordinal(place: number): string {
  const tens = place % 100;
  if (tens >= 11 && tens <= 13) return `${place}th`;
  return `${place}${['th', 'st', 'nd', 'rd'][place % 10] ?? 'th'}`;
}

export const waitingSince = (iso: string, now = new Date()) => {
  const minutesWaited = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  return minutesWaited < 1 ? 'under a minute' : minutesWaited === 1 ? '1 minute' : `${minutesWaited} minutes`;
};
