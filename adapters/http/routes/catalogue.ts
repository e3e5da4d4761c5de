import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type Router from '@koa/router';
import type { ProductType } from '../../../core/catalogue/model/product.ts';
import type { Core } from '../../../core/index.ts';
import { catalogueQuerySchema, type CatalogueResponse } from '../contract/catalogue.ts';
import { gzipWanted } from '../json-response.ts';
import { presentCatalogue } from '../presenters/catalogue.ts';

interface Rendered {
  json: string;
  /** the JSON's length in bytes */
  bytes: number;
  etag: string;
  /** the same JSON gzipped (at the highest level: it is made once), with an ETag of its own */
  gzipped?: { body: Buffer; etag: string };
}

/**
 * The catalogue lives in code and never changes while the process runs: each variant is serialised once,
 * with an ETag, so a request costs a lookup, and a client that has it already gets a 304 with no body. A browser,
 * which accepts gzip, gets it gzipped: about a fifth of its bytes, compressed once.
 */
export function catalogueRoutes(router: Router, core: Core): void {
  const rendered = new Map<string, Rendered>();
  const render = (type: ProductType | undefined) => {
    const key = type ?? '';
    let entry = rendered.get(key);
    if (!entry) {
      const body: CatalogueResponse = presentCatalogue(core.catalogue.list.execute({ type }));
      const json = JSON.stringify(body);
      entry = {
        json,
        bytes: Buffer.byteLength(json),
        etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
      };
      rendered.set(key, entry);
    }
    return entry;
  };
  const gzipped = (entry: Rendered) => {
    entry.gzipped ??= { body: gzipSync(entry.json, { level: 9 }), etag: `${entry.etag.slice(0, -1)}-gzip"` };
    return entry.gzipped;
  };

  router.get('/api/catalogue', (ctx) => {
    const query = catalogueQuerySchema.parse(ctx.query);
    const entry = render(query.type);
    const gzip = gzipWanted(ctx, entry.bytes) ? gzipped(entry) : undefined;
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.set('ETag', gzip?.etag ?? entry.etag);
    ctx.type = 'application/json; charset=utf-8';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip?.body ?? entry.json;
  });
}
