import { ConflictError } from '../shared/errors.ts';
import type { ErasureHold } from './model/erasure-holds.ts';

/** Staff and admins hand their permissions back first: their account is the name on decisions they still answer for. */
export class StaffAccountErasureError extends ConflictError {
  constructor() {
    super(
      'ERASURE_STAFF_ACCOUNT',
      'A staff or admin account is erased once its role is back to player and its single permissions are revoked.',
    );
  }
}

export class AccountErasedError extends ConflictError {
  constructor() {
    super('ACCOUNT_ERASED', 'This account has been erased already.');
  }
}

/** The erasure is recorded and waits: something about the account's payments must be settled first. */
export class ErasureHeldError extends ConflictError {
  constructor(readonly holds: readonly ErasureHold[]) {
    super('ERASURE_HELD', `The erasure waits: ${holds.map((hold) => hold.message).join(' ')}`);
  }
}
