import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, firstLoadJavaScript } from '../../scripts/bundle-size.ts';

describe('production build', () => {
  it(`loads at most ${FIRST_LOAD_BUDGET_KB} KB gzip of JavaScript before / renders`, () => {
    const { files, gzipKb } = firstLoadJavaScript();
    expect(files.length).toBeGreaterThan(0);
    expect(gzipKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });
});
