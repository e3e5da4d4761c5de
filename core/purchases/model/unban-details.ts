import { z } from 'zod';
import { InvalidInputError } from '../../shared/errors.ts';

export const BAN_REASON_MIN_LENGTH = 10;
export const BAN_REASON_MAX_LENGTH = 1000;

/** What an unban buyer tells senior staff about the ban: required for unban services, refused for anything else. */
export const banReasonSchema = z
  .string()
  .trim()
  .min(BAN_REASON_MIN_LENGTH, `Tell us why you were banned in at least ${BAN_REASON_MIN_LENGTH} characters.`)
  .max(
    BAN_REASON_MAX_LENGTH,
    `Keep the ban reason to ${BAN_REASON_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  );

export class BanReasonRequiredError extends InvalidInputError {
  constructor() {
    super('BAN_REASON_REQUIRED', 'Tell us why you were banned: senior staff need the ban reason to review an unban.', [
      { path: 'banReason', message: 'Enter the ban reason.' },
    ]);
  }
}

export class BanReasonNotAllowedError extends InvalidInputError {
  constructor() {
    super('BAN_REASON_NOT_ALLOWED', 'A ban reason is only taken with an unban service.', [
      { path: 'banReason', message: 'Only unban services take a ban reason.' },
    ]);
  }
}

/** The ban reason an item keeps: required (and checked) for unban services, refused for every other product. */
export function banReasonFor(productType: string, banReason: string | undefined): string | null {
  const given = banReason?.trim() ? banReason : undefined;
  if (productType !== 'unban') {
    if (given !== undefined) throw new BanReasonNotAllowedError();
    return null;
  }
  if (given === undefined) throw new BanReasonRequiredError();
  const parsed = banReasonSchema.safeParse(given);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter the ban reason.';
    throw new InvalidInputError('BAN_REASON_INVALID', message, [{ path: 'banReason', message }]);
  }
  return parsed.data;
}
