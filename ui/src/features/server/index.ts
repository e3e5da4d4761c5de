/** What other features may use of this one; everything else here is its own. */
export { type FigureName, type Stat, useServerFigures, useServerStatus } from './api/server-status.ts';
export { ConnectButton } from './components/connect-button.tsx';
export { StatLabel } from './components/stat-label.tsx';
