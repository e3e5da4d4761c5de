import type { z } from 'zod';
import { InvalidInputError } from './errors.ts';

/**
 * `input` checked by `schema`; refused (400) with every reason in one message. Each reason is a sentence naming its
 * field in words, so the message never carries a field's programmatic name; `issues` keep the path for a form to show
 * each reason at its field.
 */
export function checkedInput<S extends z.ZodType>(schema: S, input: unknown, code: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw new InvalidInputError(code, [...new Set(issues.map((issue) => issue.message))].join(' '), issues);
}
