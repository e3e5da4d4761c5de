import { InvalidInputError, type ErrorIssue } from '../../shared/errors.ts';

/** Who the identity provider (Discord, or the development sign-in) says is signing in. */
export interface SignInIdentity {
  discordId: string;
  discordUsername: string;
  /** a display name chosen on Discord; shown before discordUsername */
  username?: string | null;
  email?: string | null;
  discordAvatar?: string | null;
  discordDiscriminator?: string | null;
}

const DISCORD_ID = /^\d{1,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in identity's rules (docs/product.md#sign-in), checked whatever adapter produced the identity. */
export function validIdentity(identity: SignInIdentity): SignInIdentity {
  const issues: ErrorIssue[] = [];
  const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const discordId = text(identity.discordId) ?? '';
  const discordUsername = text(identity.discordUsername) ?? '';
  const email = text(identity.email);
  if (!DISCORD_ID.test(discordId))
    issues.push({ path: 'discordId', message: 'Discord ID must be digits only (1 to 32).' });
  if (!discordUsername) issues.push({ path: 'discordUsername', message: 'Username is required.' });
  if (discordUsername.length > 64)
    issues.push({ path: 'discordUsername', message: 'Username is at most 64 characters.' });
  if (email && (!EMAIL.test(email) || email.length > 254))
    issues.push({ path: 'email', message: 'Email must be a valid address.' });
  if (issues.length > 0) {
    throw new InvalidInputError(
      'INVALID_IDENTITY',
      `Invalid sign-in. ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      issues,
    );
  }
  return {
    discordId,
    discordUsername,
    username: text(identity.username)?.slice(0, 64) ?? null,
    email,
    discordAvatar: text(identity.discordAvatar)?.slice(0, 255) ?? null,
    discordDiscriminator: text(identity.discordDiscriminator)?.slice(0, 16) ?? null,
  };
}
