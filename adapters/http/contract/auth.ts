import { z } from 'zod';

export const ROLE_VALUES = ['player', 'staff', 'admin'] as const;
export type RoleDto = (typeof ROLE_VALUES)[number];

/** The signed-in user as GET /api/auth/user answers it (SPEC section 3, plus the role the UI uses to pick screens). */
export const currentUserSchema = z.object({
  username: z.string().nullable(),
  discordUsername: z.string().nullable(),
  email: z.string().nullable(),
  discordId: z.string(),
  role: z.enum(ROLE_VALUES),
});
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

/** Discord ids are snowflakes; the development sign-in keeps to the same shape. */
export const discordIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,32}$/, 'Discord ID must be digits only (1 to 32).');

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.email('Email must be a valid address.').optional());

/** SPEC section 5's sign-in payload. */
export const signInPayloadSchema = z.object({
  discordId: discordIdSchema,
  discordUsername: z.string().trim().min(1, 'Username is required.').max(64),
  discordAvatar: z.string().max(255).optional(),
  discordDiscriminator: z.string().max(16).optional(),
  email: optionalEmail,
});
export type SignInPayload = z.infer<typeof signInPayloadSchema>;

/** What the development sign-in form posts to /api/auth/dev-login. */
export const devSignInSchema = z.object({
  username: z.string().trim().min(1, 'Username is required.').max(64, 'Username is at most 64 characters.'),
  discordId: discordIdSchema,
  email: optionalEmail,
  returnTo: z.string().optional(),
});
export type DevSignInInput = z.input<typeof devSignInSchema>;

export const devSignInResponseSchema = z.object({ user: currentUserSchema, redirectTo: z.string() });
export type DevSignInResponse = z.infer<typeof devSignInResponseSchema>;

/** What the sign-in helpers show: the redirect this server really registers with Discord. */
export const signInSetupSchema = z.object({
  mode: z.enum(['discord', 'development']),
  publicUrl: z.string(),
  redirectUri: z.string(),
  scopes: z.array(z.string()),
});
export type SignInSetupDto = z.infer<typeof signInSetupSchema>;

/** Pages a sign-in may return to; anything else returns to the home page. */
export const RETURN_TO_PAGES = [
  '/',
  '/whitelist',
  '/gangs',
  '/addons',
  '/unban',
  '/jobs',
  '/apply',
  '/staff-apply',
  '/about',
  '/refund',
  '/privacy-policy',
  '/terms-of-service',
  '/contact',
  '/faq',
  '/server-rules',
  '/appeal-process',
  '/admin',
  '/admin-applications',
  '/staff-applications',
  '/staff-review',
  '/checkout',
  '/stripe-checkout',
  '/checkout-success',
  '/checkout-test',
  '/discord-debug',
  '/domain-helper',
  '/account',
] as const;

/**
 * A same-origin path on the allowlist (its query string kept), or '/'. Anything that could leave the site
 * (`//host`, `/\\host`, `https://host`, `javascript:`) or carry a fragment, a backslash or white space falls back to '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  const match = /^(\/[a-z-]*)(\?[^#\\\s]*)?$/.exec(value);
  if (!match || !(RETURN_TO_PAGES as readonly string[]).includes(match[1]!)) return '/';
  return value;
}
