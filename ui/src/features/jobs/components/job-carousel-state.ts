/** Page arithmetic of the job carousel: the index wraps both ways (docs/product.md#jobs). */
export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / perPage));
}

export function wrapPage(page: number, pages: number): number {
  return ((page % pages) + pages) % pages;
}
