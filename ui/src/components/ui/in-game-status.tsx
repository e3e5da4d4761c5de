import type { InGameDeliveryDto } from '@contract/grants.ts';
import { dayAndTime } from '@/lib/dates.ts';

/** What a purchase's things in the game are doing, in the player's words. */
export function inGameText(inGame: NonNullable<InGameDeliveryDto>): string {
  if (inGame.state === 'waiting') return 'Waiting for you to join the server';
  if (inGame.state === 'delivered') return `Delivered in game on ${dayAndTime(inGame.at)}`;
  return `Delivery in game failed: ${inGame.message}. Staff were told and will sort it out.`;
}

const TONE = {
  waiting: 'border-bayou-600 bg-bayou-900 text-slate-200',
  delivered: 'border-moss-400/50 bg-moss-400/10 text-moss-200',
  failed: 'border-red-400/50 bg-red-500/10 text-red-100',
} as const;

/** The line on the account page, the receipt and the success page; nothing for a purchase with nothing in game. */
export function InGameStatus({ inGame, boxed = false }: { inGame: InGameDeliveryDto; boxed?: boolean }) {
  if (!inGame) return null;
  return (
    <span
      data-testid="in-game-status"
      className={
        boxed ? `mt-4 block rounded-lg border p-4 text-sm ${TONE[inGame.state]}` : 'mt-1 block text-xs text-slate-300'
      }
    >
      {boxed && <strong className="font-semibold">In game: </strong>}
      {inGameText(inGame)}
      {boxed && inGame.state === 'waiting' && '. It is given to you the next time you are on the server.'}
    </span>
  );
}
