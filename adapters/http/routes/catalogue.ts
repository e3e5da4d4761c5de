import type Router from '@koa/router';
import type { Core } from '../../../core/index.ts';
import { catalogueQuerySchema, type CatalogueResponse } from '../contract/catalogue.ts';
import { presentProduct } from '../presenters/catalogue.ts';

export function catalogueRoutes(router: Router, core: Core): void {
  router.get('/api/catalogue', (ctx) => {
    const query = catalogueQuerySchema.parse(ctx.query);
    const body: CatalogueResponse = { products: core.catalogue.list.execute(query).map(presentProduct) };
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = body;
  });
}
