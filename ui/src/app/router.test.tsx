import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@contract/pages.ts';
import { pageFor, pages } from './router.tsx';

describe('the router', () => {
  it('routes exactly the pages the server knows (adapters/http/contract/pages.ts)', () => {
    expect(pages.map((route) => route.path).sort()).toEqual([...PAGE_ROUTES].sort());
  });

  it('finds the page a path names, with its parameters, and none for any other path', () => {
    expect(pageFor('/server-rules')?.path).toBe('/server-rules');
    expect(pageFor('/account/receipts/42')?.path).toBe('/account/receipts/:id');
    expect(pageFor('/no-such-page')).toBeUndefined();
  });
});
