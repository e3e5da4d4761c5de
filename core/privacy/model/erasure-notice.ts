/*
 * What the deletion says to the player, apart from its schema: the account page reads these without loading zod.
 */

/** The word a player types to confirm the deletion of their account. */
export const ERASURE_CONFIRMATION_WORD = 'DELETE';

/** What an erasure removes and what it leaves, in the player's words: the dialog and the docs say the same. */
export const ERASURE_NOTICE = {
  erased: [
    'Your name, email address, Discord name, avatar and Discord id (replaced by an anonymous id).',
    'What you wrote: application answers, appeal texts, unban details, and the email and Discord name given at checkout.',
    'The network address each checkout came from.',
    'Your sessions (you are signed out everywhere), your card link at the payment provider and any second factor.',
    'The Discord roles this site gave you, and the messages and in-game deliveries not sent yet.',
  ],
  retained: [
    'Each purchase: its id, product, amount, date and payment reference, and the consent version and time, for the tax and accounting records the law requires us to hold.',
    'Your token history (amounts and dates), so that balances and the books still add up.',
    'The status and dates of your applications and appeals, and the decisions and notes of staff.',
    'Staff actions on your account in the audit log, which cannot be altered.',
  ],
} as const;
