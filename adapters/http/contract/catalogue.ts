import { z } from 'zod';

export const productTypeSchema = z.enum(['whitelist', 'gang', 'addon', 'unban']);
export type ProductTypeDto = z.infer<typeof productTypeSchema>;

export const productOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  price: z.number(),
  isPackage: z.boolean(),
  tokens: z.number().int(),
});

export const productSchema = z.object({
  type: productTypeSchema,
  id: z.string(),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** dollars; null when the product is sold only as one of its options */
  price: z.number().nullable(),
  /** tokens credited on purchase; null when it depends on the option */
  tokens: z.number().int().nullable(),
  options: z.array(productOptionSchema),
  popular: z.boolean(),
  recommended: z.boolean(),
  aliases: z.array(z.string()),
  detail: z.string().optional(),
  /** how it reaches the buyer and in what time ("1-24 hours"): the one source of every page that states it */
  fulfilment: z.object({ kind: z.enum(['roles', 'review']), time: z.string() }),
});

export type ProductDto = z.infer<typeof productSchema>;
export type ProductOptionDto = z.infer<typeof productOptionSchema>;

export const catalogueQuerySchema = z.object({ type: productTypeSchema.optional() });

export const catalogueResponseSchema = z.object({ products: z.array(productSchema) });
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
