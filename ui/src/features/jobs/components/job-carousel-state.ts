/** Page arithmetic of the job carousel: the index wraps both ways (SPEC section 4). */
export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / perPage));
}

export function wrapPage(page: number, pages: number): number {
  return ((page % pages) + pages) % pages;
}
