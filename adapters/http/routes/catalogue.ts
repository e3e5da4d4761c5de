import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { ProductType } from '../../../core/catalogue/product.ts';
import type { Core } from '../../../core/index.ts';
import { catalogueQuerySchema, type CatalogueResponse } from '../contract/catalogue.ts';
import { presentProduct } from '../presenters/catalogue.ts';

/**
 * The catalogue lives in code and never changes while the process runs: each variant is serialised once,
 * with an ETag, so a request costs a lookup, and a client that has it already gets a 304 with no body.
 */
export function catalogueRoutes(router: Router, core: Core): void {
  const rendered = new Map<string, { json: string; etag: string }>();
  const render = (type: ProductType | undefined) => {
    const key = type ?? '';
    let entry = rendered.get(key);
    if (!entry) {
      const body: CatalogueResponse = { products: core.catalogue.list.execute({ type }).map(presentProduct) };
      const json = JSON.stringify(body);
      entry = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
      rendered.set(key, entry);
    }
    return entry;
  };

  router.get('/api/catalogue', (ctx) => {
    const query = catalogueQuerySchema.parse(ctx.query);
    const { json, etag } = render(query.type);
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.set('ETag', etag);
    ctx.type = 'application/json; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = json;
  });
}
