import { z } from 'zod';

export const deliveryStatusSchema = z.enum(['pending', 'sending', 'delivered', 'failed', 'not_configured']);

/** One Discord delivery (outbox row) as admins see it. */
export const deliverySchema = z.object({
  id: z.string(),
  kind: z.enum(['grant_role', 'remove_role', 'message_user', 'notify_staff']),
  status: deliveryStatusSchema,
  discordId: z.string().nullable(),
  roleId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  applicationId: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliverySchema>;

/** GET /api/deliveries (admin) */
export const deliveriesQuerySchema = z.object({ status: deliveryStatusSchema.optional() });
export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

/** POST /api/deliveries/:id/retry (admin): the delivery, queued again */
export const retryDeliveryResponseSchema = z.object({ delivery: deliverySchema });
export type RetryDeliveryResponse = z.infer<typeof retryDeliveryResponseSchema>;
