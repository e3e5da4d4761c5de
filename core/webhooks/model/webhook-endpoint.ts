import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events.ts';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** What an admin gives to register an endpoint; the admin screen's form and the request body are checked by it. */
export const webhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Give the endpoint's address.")
    .max(WEBHOOK_URL_MAX_LENGTH, `The address is at most ${WEBHOOK_URL_MAX_LENGTH} characters.`)
    .refine((value) => URL.canParse(value), 'The address must be a full URL, such as https://example.com/hooks.')
    .refine(
      (value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol),
      'The address must start with https:// (or http:// where plain HTTP is allowed).',
    )
    .refine(
      (value) => !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
      'The address may not hold a user name or password.',
    ),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, `The description is at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`)
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, 'Choose events from the list.'))
    .min(1, 'Choose at least one event.')
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;

/** A receiver an admin registered: where messages go, which events it hears, and the secret they are signed with. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** the signing secret sealed (SecretBox): shown once, when the endpoint is created, and never again */
  sealedSecret: string;
  createdBy: string;
  createdAt: Date;
}
