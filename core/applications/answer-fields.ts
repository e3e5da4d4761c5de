import { z } from 'zod';

/** The building blocks of an answer schema, with SPEC section 5's messages. */

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** A missing field reads 'Required', a wrong type 'Expected X, received Y'. */
export function typeError(expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? 'Required' : `Expected ${expected}, received ${received(issue.input)}`;
}

export const requiredText = (max = 5000) =>
  z
    .string({ error: typeError('string') })
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters`);

/** Empty or missing reads as null. */
export const optionalText = (max = 5000) =>
  z
    .string({ error: typeError('string') })
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const emailField = () => requiredText(255).pipe(z.email('Invalid email address'));

/** A box the applicant must tick. */
export const agreement = (message: string) =>
  z.boolean({ error: typeError('boolean') }).refine((value) => value === true, message);

export const age = (min: number, max: number) =>
  z
    .number({ error: typeError('number') })
    .int(`Age must be a whole number from ${min} to ${max}`)
    .min(min, `Age must be a whole number from ${min} to ${max}`)
    .max(max, `Age must be a whole number from ${min} to ${max}`);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'Required' : `${label} must be one of ${values.join(', ')}`),
  });

/** One of a fixed list of numbers (a select whose options carry labels). */
export const oneOfNumbers = (values: readonly number[], label: string) =>
  z
    .number({ error: typeError('number') })
    .refine((value) => values.includes(value), `${label} must be one of ${values.join(', ')}`);
