import { useId, useState } from 'react';
import type { GrantDto } from '@contract/grants.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useMarkGrantDone, useResendGrant } from '../api/grants.ts';

const STATUS: Record<GrantDto['status'], { label: string; colour: string }> = {
  queued: { label: 'Waiting for the player', colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40' },
  offered: { label: 'With a game server', colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40' },
  held: { label: 'Held until the grant out reports', colour: 'bg-yellow-500/20 text-yellow-100 ring-yellow-400/40' },
  ran: { label: 'Delivered in game', colour: 'bg-green-500/20 text-green-200 ring-green-400/40' },
  failed: { label: 'Failed', colour: 'bg-red-500/20 text-red-200 ring-red-400/40' },
  cancelled: { label: 'Cancelled', colour: 'bg-slate-500/20 text-slate-200 ring-slate-400/40' },
  done_by_hand: { label: 'Done by hand', colour: 'bg-green-500/20 text-green-200 ring-green-400/40' },
};

const ACTION: Record<GrantDto['action'], string> = {
  purchase: 'On purchase',
  renewal: 'On renewal',
  expiry: 'On expiry',
  refund: 'On refund',
  dispute: 'On dispute',
};

const LINE: Record<GrantDto['timeline'][number]['kind'], string> = {
  queued: 'Queued',
  offered: 'Offered',
  ran: 'Ran',
  failed: 'Failed',
  cancelled: 'Cancelled',
  released: 'Released to run',
  reversed: 'Reversed',
  resent: 'Sent again',
  done_by_hand: 'Done by hand',
};

function TimelineLine({ line }: { line: GrantDto['timeline'][number] }) {
  return (
    <li className="text-xs text-slate-300">
      <span className="text-slate-400">{dayAndTime(line.at)}</span> {LINE[line.kind]}
      {line.server ? ` on ${line.server}` : ''}
      {line.actor ? ` by ${line.actor}` : ''}
      {line.message ? `: ${line.message}` : ''}
    </li>
  );
}

function DoneByHand({ grant, onChanged }: { grant: GrantDto; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const done = useMarkGrantDone(onChanged);
  const id = useId();
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className="text-xs font-semibold text-gold-400 underline">
        Mark as done by hand
      </button>
    );
  return (
    <form
      className="mt-2 w-full space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        done.mutate({ id: grant.id, note }, { onSuccess: () => setOpen(false) });
      }}
    >
      <label htmlFor={id} className="block text-xs font-semibold text-slate-200">
        What was done by hand
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        minLength={3}
        maxLength={500}
        required
        rows={2}
        className="w-full rounded-md border border-bayou-600 bg-bayou-950 p-2 text-sm text-slate-100"
      />
      {done.error && (
        <p role="alert" className="text-xs text-red-200">
          {errorMessage(done.error)}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={done.isPending}
          className="rounded-md bg-gold-500 px-3 py-1 text-xs font-semibold text-bayou-950"
        >
          {done.isPending ? 'Saving...' : 'Mark as done'}
        </button>
        <button type="button" onClick={() => setOpen(false)} className="text-xs text-slate-300 underline">
          Cancel
        </button>
      </div>
    </form>
  );
}

function GrantItem({ grant, canAct, onChanged }: { grant: GrantDto; canAct: boolean; onChanged: () => void }) {
  const resend = useResendGrant(onChanged);
  const status = STATUS[grant.status];
  const settled = grant.status === 'ran' || grant.status === 'failed' || grant.status === 'done_by_hand';
  const open = grant.status === 'queued' || grant.status === 'failed' || grant.status === 'held';
  return (
    <li className="rounded-lg border border-bayou-700 p-3" data-testid="grant" data-grant={grant.status}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xs font-semibold text-slate-200">
          {ACTION[grant.action]}: {grant.productId}
          {grant.optionId ? ` (${grant.optionId})` : ''}
        </span>
        <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${status.colour}`}>
          {status.label}
          {grant.status === 'ran' && grant.ranAt ? ` ${dayAndTime(grant.ranAt)}` : ''}
        </span>
      </div>
      <code className="mt-1 block break-all text-xs text-slate-300">{grant.runs}</code>
      {grant.status === 'failed' && grant.result && <p className="mt-1 text-xs text-red-200">{grant.result}</p>}
      <ol className="mt-2 space-y-0.5" aria-label="Timeline">
        {grant.timeline.map((line) => (
          <TimelineLine key={`${line.at}-${line.kind}-${line.server ?? ''}`} line={line} />
        ))}
      </ol>
      {canAct && (settled || open) && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {settled && (
            <button
              type="button"
              disabled={resend.isPending}
              onClick={() => resend.mutate(grant.id)}
              className="rounded-md border border-bayou-600 px-3 py-1 text-xs font-semibold text-slate-100 hover:border-gold-400"
            >
              {resend.isPending ? 'Sending...' : 'Resend'}
            </button>
          )}
          {open && <DoneByHand grant={grant} onChanged={onChanged} />}
          {resend.error && (
            <span role="alert" className="text-xs text-red-200">
              {errorMessage(resend.error)}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * What the game server runs for a purchase or a player, each grant with its timeline; staff who may refund can send
 * one again or mark it done by hand. `onChanged` refreshes the screen after such a change.
 */
export function GrantList({
  grants,
  canAct,
  onChanged,
  empty = 'Nothing to run in game for this.',
}: {
  grants: readonly GrantDto[];
  canAct: boolean;
  onChanged: () => void;
  empty?: string;
}) {
  if (grants.length === 0) return <p className="mt-1 text-sm text-slate-300">{empty}</p>;
  return (
    <ul className="mt-2 space-y-2" data-testid="grants">
      {grants.map((grant) => (
        <GrantItem key={grant.id} grant={grant} canAct={canAct} onChanged={onChanged} />
      ))}
    </ul>
  );
}
