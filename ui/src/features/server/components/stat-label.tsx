import type { Stat } from '../api/server-status.ts';
import { ServerMark } from './server-mark.tsx';

/** A figure's label, with the game server's mark beside the live players figure and what a measured one covers. */
export function StatLabel({ stat }: { stat: Stat }) {
  return (
    <>
      {stat.label}
      <ServerMark state={stat.mark} />
      {stat.detail && (
        <span data-testid="stat-detail" className="block text-[0.7rem] normal-case tracking-normal text-slate-400">
          {stat.detail}
        </span>
      )}
    </>
  );
}
