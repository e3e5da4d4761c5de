import { randomBytes } from 'node:crypto';

/**
 * A signing secret as the Standard Webhooks specification writes it: `whsec_` and 24 random bytes in base64. Apart
 * from the endpoint's schema, which the browser's form reads: the page never loads `node:crypto`.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}
