import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from './second-factor.ts';

// no 0/O or 1/l/I: read off paper without mistakes
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten random characters (about 49 bits each), shown once as "xxxxx-xxxxx". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a code: its hash, of the code as typed without case, spaces or dashes. */
export function hashRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`recovery-code:${plain}`).digest('hex');
}

/** Whether the text has the shape of a recovery code rather than an app's six digits. */
export function looksLikeRecoveryCode(code: string): boolean {
  return code.replace(/[\s-]/g, '').length === 10;
}
