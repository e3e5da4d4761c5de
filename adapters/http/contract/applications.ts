import { z } from 'zod';

/** Shared with the form in the browser: the same rules check the form and the request body. */
export const WHITELIST_TIMEZONES = ['EST', 'CST', 'MST', 'PST', 'GMT', 'CET', 'Other'] as const;
export const HOURS_PER_WEEK_OPTIONS = [
  { value: 5, label: '5-10 hours' },
  { value: 15, label: '10-20 hours' },
  { value: 25, label: '20-30 hours' },
  { value: 35, label: '30+ hours' },
] as const;
export const REVIEW_NOTES_TOO_SHORT = 'Review notes must be at least 10 characters';

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** SPEC section 5: a missing field reads 'Required', a wrong type 'Expected X, received Y'. */
export function typeError(expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'Required' : `Expected ${expected}, received ${received(issue.input)}`);
}

export const requiredText = (max = 5000) =>
  z.string({ error: typeError('string') }).trim().min(1, 'Required').max(max, `At most ${max} characters`);

export const optionalText = (max = 5000) =>
  z
    .string({ error: typeError('string') })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const emailField = () => requiredText(255).pipe(z.email('Invalid email address'));

export const agreement = (message: string) => z.boolean({ error: typeError('boolean') }).refine((value) => value === true, message);

export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: typeError('number') })
    .int(`Age must be a whole number from ${min} to ${max}`)
    .min(min, `Age must be a whole number from ${min} to ${max}`)
    .max(max, `Age must be a whole number from ${min} to ${max}`);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'Required' : `${label} must be one of ${values.join(', ')}`) });

/** Identity comes from the session: these may be sent (the form does) and are ignored. */
const ignoredIdentity = { discordId: z.string({ error: typeError('string') }).nullish(), discordUsername: z.string({ error: typeError('string') }).nullish() };

export const whitelistApplicationSchema = z.object({
  ...ignoredIdentity,
  email: emailField(),
  isEighteenPlus: agreement('You must confirm you are 18 or older'),
  age: wholeNumber(18, 99),
  timezone: oneOf(WHITELIST_TIMEZONES, 'Timezone'),
  hoursPerWeek: z
    .number({ error: typeError('number') })
    .refine((value) => HOURS_PER_WEEK_OPTIONS.some((option) => option.value === value), 'Hours per week must be one of 5, 15, 25, 35'),
  rpExperience: requiredText(),
  previousCommunities: optionalText(),
  characterBackground: requiredText(),
  characterGoals: requiredText(),
  roleplayScenario: requiredText(),
  whyJoinServer: requiredText(),
  rulesUnderstood: agreement('You must agree to follow the server rules'),
  noMetagaming: agreement('You must agree not to metagame'),
  respectfulBehavior: agreement('You must agree to respectful behavior'),
});
export type WhitelistApplicationInput = z.input<typeof whitelistApplicationSchema>;

export const WHITELIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WhitelistStatusDto = (typeof WHITELIST_STATUSES)[number];

/** PATCH /api/applications/{id}/review (the /admin-applications screen and the terminal). */
export const reviewApplicationSchema = z.object({
  status: oneOf(['approved', 'rejected'], 'Status'),
  reviewNotes: z.string({ error: typeError('string') }).trim().min(10, REVIEW_NOTES_TOO_SHORT),
});
export type ReviewApplicationInput = z.input<typeof reviewApplicationSchema>;

/** PATCH /api/applications/{id} (the /staff-applications screen): denied means rejected, notes optional. */
export const updateApplicationSchema = z.object({
  status: oneOf(['approved', 'denied', 'rejected'], 'Status'),
  reviewNotes: optionalText(),
});
export type UpdateApplicationInput = z.input<typeof updateApplicationSchema>;

export const pagingQuery = {
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').optional(),
  pageSize: z.coerce.number().int('Page size must be a whole number').min(1, 'Page size must be 1 to 100').max(100, 'Page size must be 1 to 100').optional(),
  /** keyset paging: the applications after this one (the previous page's nextBefore); page is then ignored */
  before: z.uuid('Before must be an application id').optional(),
};

export const listApplicationsQuerySchema = z.object({ status: oneOf(WHITELIST_STATUSES, 'Status').optional(), ...pagingQuery });

export const whitelistApplicationDtoSchema = z.object({
  id: z.string(),
  discordId: z.string(),
  discordUsername: z.string(),
  email: z.string(),
  isEighteenPlus: z.boolean(),
  age: z.number(),
  timezone: z.string(),
  hoursPerWeek: z.number(),
  rpExperience: z.string(),
  previousCommunities: z.string().nullable(),
  characterBackground: z.string(),
  characterGoals: z.string(),
  roleplayScenario: z.string(),
  whyJoinServer: z.string(),
  rulesUnderstood: z.boolean(),
  noMetagaming: z.boolean(),
  respectfulBehavior: z.boolean(),
  status: z.enum(WHITELIST_STATUSES),
  reviewNotes: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WhitelistApplicationDto = z.infer<typeof whitelistApplicationDtoSchema>;

export const applicationListSchema = z.object({
  applications: z.array(whitelistApplicationDtoSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.object({ pending: z.number(), approved: z.number(), rejected: z.number() }),
  nextBefore: z.string().nullable(),
});
export type ApplicationListDto = z.infer<typeof applicationListSchema>;

/** What an applicant sees of their own applications: where each stands, not the reviewers' notes. */
export const myApplicationSchema = z.object({
  id: z.string(),
  status: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export const myApplicationsSchema = z.object({ applications: z.array(myApplicationSchema) });
export type MyApplicationsDto = z.infer<typeof myApplicationsSchema>;
