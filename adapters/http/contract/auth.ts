import { z } from 'zod';
import { PERMISSIONS } from '../../../core/users/model/permissions.ts';
import { matchPageRoute } from './pages.ts';

export const ROLE_VALUES = ['player', 'staff', 'admin'] as const;
export type RoleDto = (typeof ROLE_VALUES)[number];

/** The signed-in user as GET /api/auth/user answers it (docs/product.md#sign-in, with the role the UI picks screens by). */
export const currentUserSchema = z.object({
  username: z.string().nullable(),
  discordUsername: z.string().nullable(),
  email: z.string().nullable(),
  discordId: z.string(),
  role: z.enum(ROLE_VALUES),
  /** only while the account is banned: the session then reaches only the ban appeal (/appeal) */
  ban: z.object({ reason: z.string().nullable(), since: z.string() }).optional(),
  /** what the user may do: the role's preset with single grants and revocations; the server checks each route */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** whether they declared their age (asked before their first purchase) */
  ageDeclared: z.boolean(),
});
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

/**
 * GET /api/auth/session: who is signed in, null when nobody, always 200. The site asks this on every page; a
 * signed-out visitor's 401 from /api/auth/user would show as an error in the browser's console.
 */
export const sessionSchema = z.object({ user: currentUserSchema.nullable() });
export type SessionDto = z.infer<typeof sessionSchema>;

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

/** The sign-in payload (docs/product.md#sign-in). */
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

/**
 * A same-origin path of one of the site's pages (PAGE_ROUTES; the sign-in page itself aside), its query string included,
 * or '/'. Anything that could leave the site
 * (`//host`, `/\\host`, `https://host`, `javascript:`) or carry a fragment, a backslash or white space falls back to '/'.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  // segments of letters, digits, '-' and '_' only: no '//', no '\\', no scheme, no '..'
  const match = /^(\/(?:[\w-]+(?:\/[\w-]+)*)?)(\?[^#\\\s]*)?$/.exec(value);
  const route = match ? matchPageRoute(match[1]) : null;
  if (!route || route === '/dev-login') return '/';
  return value;
}
