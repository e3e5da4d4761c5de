import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import type { SecurityDeps } from './deps.ts';

/** New recovery codes replace any old ones; only their hashes are stored, the codes are shown once. */
export async function issueRecoveryCodes(deps: SecurityDeps, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deps.factors.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode), deps.clock.now());
  return codes;
}
