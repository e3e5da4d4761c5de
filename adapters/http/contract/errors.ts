import { z } from 'zod';

/** Every 4xx and 5xx answer of the API has this body; the UI shows `message`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** a 429: the seconds to wait, as its Retry-After says */
  retryAfter: z.number().int().optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
