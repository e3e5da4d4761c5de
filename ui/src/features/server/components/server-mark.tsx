/** Whether the game server answers, in words and a coloured dot (never colour alone). */
export function ServerMark({ state }: { state?: 'online' | 'offline' }) {
  if (!state) return null;
  return (
    <span
      data-testid="server-mark"
      className={`ml-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold normal-case tracking-normal ${state === 'online' ? 'bg-moss-400/15 text-moss-200' : 'bg-red-500/15 text-red-200'}`}
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${state === 'online' ? 'bg-moss-400' : 'bg-red-400'}`} />
      {state === 'online' ? 'Online' : 'Offline'}
    </span>
  );
}
