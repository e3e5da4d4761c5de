import { z } from 'zod';
import { PRODUCT_TYPES, type ProductType } from '../../catalogue/model/product.ts';

/** A percent off some products (by id or by type) between two instants. */
export interface Sale {
  id: string;
  name: string;
  percentOff: number;
  /** both empty: every product */
  productIds: string[];
  productTypes: ProductType[];
  startsAt: Date;
  /** ending a sale early sets this to the moment it was ended */
  endsAt: Date;
  createdBy: string | null;
  createdAt: Date;
}

/** What an admin gives to create a sale. */
export const createSaleSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the sale.').max(100),
    percentOff: z
      .number()
      .int()
      .min(1, 'A sale takes 1 to 90 percent off.')
      .max(90, 'A sale takes 1 to 90 percent off.'),
    productIds: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    productTypes: z.array(z.enum(PRODUCT_TYPES)).max(PRODUCT_TYPES.length).default([]),
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
  })
  .refine((input) => input.endsAt > input.startsAt, { message: 'A sale ends after it starts.', path: ['endsAt'] });
export type CreateSaleInput = z.input<typeof createSaleSchema>;

/** the sale is on at `now`: started, and not ended */
export const isLive = (sale: Sale, now: Date) => sale.startsAt <= now && now < sale.endsAt;
