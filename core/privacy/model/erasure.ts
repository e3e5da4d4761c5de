import { z } from 'zod';
import type { ApplicationKind } from '../../applications/model/application.ts';
import type { User } from '../../users/model/user.ts';
import { ERASURE_CONFIRMATION_WORD } from './erasure-notice.ts';

export { ERASURE_CONFIRMATION_WORD, ERASURE_NOTICE } from './erasure-notice.ts';

/** What an erased text reads: the player's own words, and their name or address wherever a text quoted it. */
export const ERASED_TEXT = '[erased]';

/**
 * The Discord id an erased account holds instead of its own: `erased-` and 24 hex digits. Never a snowflake (Discord
 * ids are digits), so it matches no member, no sign-in and no gift recipient, and the bot refuses to send to it.
 */
export const ERASED_DISCORD_ID = /^erased-[0-9a-f]{24}$/;

/** an opaque id from a fresh unique id (a UUID: its hex digits) */
export function opaqueDiscordId(uniqueId: string): string {
  const hex = uniqueId.toLowerCase().replace(/[^0-9a-f]/g, '');
  if (hex.length < 24) throw new Error('An opaque Discord id needs 24 hex digits of a unique id.');
  return `erased-${hex.slice(-24)}`;
}

export const isErasedDiscordId = (discordId: string) => ERASED_DISCORD_ID.test(discordId);

/**
 * Staff, admins and players granted a single permission are not erased while they hold it: their account is the name
 * on decisions they still answer for (see StaffAccountErasureError).
 */
export const holdsStaffAccess = (user: Pick<User, 'role' | 'permissionGrants'>) =>
  user.role !== 'player' || (user.permissionGrants?.length ?? 0) > 0;

/** The deletion's confirmation: the word typed (any case, spaces around it ignored). */
export const erasureConfirmationSchema = z.object({
  confirm: z
    .string({ error: `Type ${ERASURE_CONFIRMATION_WORD} to confirm that your account is to be deleted.` })
    .trim()
    .refine(
      (typed) => typed.toUpperCase() === ERASURE_CONFIRMATION_WORD,
      `Type ${ERASURE_CONFIRMATION_WORD} to confirm that your account is to be deleted.`,
    ),
});
export type ErasureConfirmation = z.infer<typeof erasureConfirmationSchema>;

/** The answers of a kind the applicant writes in their own words (text, an email), not a choice, a number or a tick. */
export function freeTextAnswers(kind: Pick<ApplicationKind, 'answers'>): string[] {
  return Object.entries(kind.answers.shape)
    .filter(([, schema]) => baseType(schema as z.ZodType) === 'string')
    .map(([name]) => name);
}

/** the type under pipes (their input), optionals, nullables and defaults */
function baseType(schema: z.ZodType): string {
  const def = schema._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
  if (def.type === 'pipe' && def.in) return baseType(def.in);
  if (def.innerType) return baseType(def.innerType);
  return def.type;
}
