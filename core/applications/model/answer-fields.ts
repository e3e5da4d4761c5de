import { z } from 'zod';

/**
 * The building blocks of an answer schema. Each question says, in the applicant's words, what it needs: the
 * form shows that message under the field and the API responses the same one.
 */

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

/** A missing (or empty) answer reads `message`; a wrong type (only a hand-made request sends one) says which. */
function needed(message: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? message
      : `Expected ${expected}, received ${received(issue.input)}`;
}

const tooLong = (max: number) => `Keep this to ${max} characters or fewer`;

/** Trimmed text that must say something: `message` tells the applicant what to write. */
export const requiredText = (message: string, max = 5000) =>
  z
    .string({ error: needed(message, 'string') })
    .trim()
    .min(1, message)
    .max(max, tooLong(max));

/** Empty or missing reads as null. */
export const optionalText = (max = 5000) =>
  z
    .string({ error: typeError('string') })
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value || null);

export const emailField = () =>
  requiredText('Enter your email address', 255).pipe(z.email('Enter an email address like name@example.com'));

/** A box the applicant must tick; `message` says what ticking it means. */
export const agreement = (message: string) =>
  z.boolean({ error: needed(message, 'boolean') }).refine((value) => value === true, message);

export const age = (min: number, max: number) => {
  const message = `Enter your age (${min} or older)`;
  return z
    .number({ error: needed(message, 'number') })
    .int(`Enter your age as a whole number from ${min} to ${max}`)
    .min(min, message)
    .max(max, `Enter your age as a whole number from ${min} to ${max}`);
};

/** One of a fixed list (the review routes' statuses): the message names the list. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'Required' : `${label} must be one of ${values.join(', ')}`),
  });

/** One of the choices the form offers; `message` asks for one ('Choose your time zone'). */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: () => message });

/** One of a fixed list of numbers (a select whose options carry labels). */
export const choiceOfNumbers = (values: readonly number[], message: string) =>
  z.number({ error: needed(message, 'number') }).refine((value) => values.includes(value), message);
