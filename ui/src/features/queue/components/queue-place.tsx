import { Clock, Hourglass, Users } from 'lucide-react';
import { useMyQueuePlace } from '../api/queue.ts';
import { expectedWaitText, ordinal, waitingSince } from './wait-words.ts';

/**
 * A waiting player's place in the game server's queue, as its last report (every few seconds) put it: the place, the
 * players ahead, and the expected wait from the last hour's pace. Nothing is shown to a player who is not waiting.
 */
export function QueuePlace({ className = '' }: { className?: string }) {
  const { data: place } = useMyQueuePlace();
  if (!place) return null;
  return (
    <section
      aria-labelledby="queue-place-heading"
      data-testid="queue-place"
      className={`rounded-2xl border border-gold-500/70 bg-bayou-900 p-5 text-left ${className}`}
    >
      <h2 id="queue-place-heading" className="font-display text-xl font-bold text-gold-400">
        You are in the queue
      </h2>
      <p role="status" className="mt-2 text-lg text-white">
        <span className="text-3xl font-bold text-gold-300" data-testid="queue-place-number">
          {ordinal(place.place)}
        </span>{' '}
        of {place.waiting} waiting for {place.server}
      </p>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        {[
          {
            Icon: Users,
            label: 'Ahead of you',
            testId: 'queue-ahead',
            value:
              place.ahead === 0 ? 'Nobody: you are next' : `${place.ahead} ${place.ahead === 1 ? 'player' : 'players'}`,
          },
          {
            Icon: Hourglass,
            label: 'Expected wait',
            testId: 'queue-expected-wait',
            value: expectedWaitText(place.expectedWait),
          },
          { Icon: Clock, label: 'Waiting for', testId: 'queue-waited', value: waitingSince(place.since) },
        ].map(({ Icon, label, testId, value }) => (
          <div key={label}>
            <dt className="flex items-center gap-2 text-slate-300">
              <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-gold-400" />
              {label}
            </dt>
            <dd className="pl-6 font-semibold text-white" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-300">
        {place.online}/{place.slots} online. The expected wait follows how many players got in over the last hour; this
        updates by itself.
      </p>
    </section>
  );
}
