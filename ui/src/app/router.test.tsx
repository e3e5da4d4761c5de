import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@contract/pages.ts';
import { routes } from './router.tsx';

describe('the router', () => {
  it('routes exactly the pages the server knows (adapters/http/contract/pages.ts), and a catch-all 404', () => {
    const children = routes[0]?.children ?? [];
    const paths = children.map((route) => route.path);
    expect(paths.filter((path) => path !== '*').sort()).toEqual([...PAGE_ROUTES].sort());
    expect(paths.at(-1)).toBe('*');
  });
});
