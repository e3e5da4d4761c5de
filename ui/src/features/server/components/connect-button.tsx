import { Gamepad2 } from 'lucide-react';
import { useServerStatus } from '../api/server-status.ts';

/**
 * Opens FiveM straight into the server (fivem://connect/cfx.re/join/<code>); shown only when a join code is set, and
 * hidden while the configured game server does not answer (nobody could connect).
 */
export function ConnectButton({ className = '' }: { className?: string }) {
  const status = useServerStatus().data;
  if (!status?.connectUrl || (status.configured && !status.online)) return null;
  return (
    <a
      href={status.connectUrl}
      data-testid="connect-button"
      className={`inline-flex items-center justify-center gap-2 rounded-lg bg-moss-400 px-6 py-3 font-semibold text-bayou-950 hover:bg-moss-300 ${className}`}
    >
      <Gamepad2 aria-hidden size={18} />
      Connect to the server
    </a>
  );
}
