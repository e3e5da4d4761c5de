import type { Context } from 'koa';
import { z } from 'zod';

const noBodySchema = z.strictObject({}, 'This request takes no body.');

/** A request that takes no body: none at all, or an empty object; anything else (a JSON null too) is refused. */
export function noBody(ctx: Context): void {
  noBodySchema.parse(ctx.request.body === undefined ? {} : ctx.request.body);
}
