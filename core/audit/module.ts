import type { AuditChain } from './model/audit-chain.ts';
import { ExportAuditLog } from './use-cases/export-audit-log.ts';
import { VerifyAuditChain } from './use-cases/verify-audit-chain.ts';

export interface AuditChainPorts {
  /** the account-action log and the review audit log, read as one chain */
  chain: AuditChain;
}

/** Checking and copying the hash chain over the logs of staff decisions. */
export function createAuditChainModule(p: AuditChainPorts) {
  return {
    verify: new VerifyAuditChain(p.chain),
    export: new ExportAuditLog(p.chain),
  };
}
