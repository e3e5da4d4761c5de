export type BackupErrorCode =
  | 'NOT_FOUND'
  | 'NOT_A_BACKUP'
  | 'NEWER_FORMAT'
  | 'NEWER_SCHEMA'
  | 'CHECKSUM_MISMATCH'
  | 'NO_CHECKSUM'
  | 'UNKNOWN_TABLE'
  | 'UNKNOWN_COLUMN'
  | 'UNKNOWN_SEQUENCE'
  | 'TARGET_NOT_EMPTY'
  | 'TARGET_IN_USE';

/** A backup or restore refused, with a message that says what to do; the CLI maps the code to its exit code. */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
  }
}
