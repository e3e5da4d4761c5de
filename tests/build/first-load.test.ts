import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstLoadJavaScript } from '../../scripts/bundle-size.ts';

describe('first load of /', () => {
  const { files } = firstLoadJavaScript();

  it('carries no Stripe.js loader: it comes only with the payment page', () => {
    for (const file of files) expect(readFileSync(`ui/dist/${file}`, 'utf8'), file).not.toContain('js.stripe.com');
    // the loader is in the build, in a chunk of its own
    const withLoader = readdirSync('ui/dist/assets').filter(
      (file) => file.endsWith('.js') && readFileSync(`ui/dist/assets/${file}`, 'utf8').includes('js.stripe.com'),
    );
    expect(withLoader.length).toBeGreaterThan(0);
  });

  it('leaves every other page to its own lazy chunk', () => {
    const manifest = JSON.parse(readFileSync('ui/dist/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    const pages = Object.entries(manifest).filter(
      ([key]) => /-page\.tsx$/.test(key) && !key.endsWith('home-page.tsx') && !key.endsWith('not-found-page.tsx'),
    );
    expect(pages.length).toBeGreaterThan(15);
    for (const [key, chunk] of pages) {
      expect(chunk.isDynamicEntry, key).toBe(true);
      expect(files, key).not.toContain(chunk.file);
    }
  });
});

describe('the pages Lighthouse audits', () => {
  const manifest = JSON.parse(readFileSync('ui/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  /** every chunk a module loads before it runs: its static imports, and theirs */
  const loaded = (key: string, seen = new Set<string>()): Set<string> => {
    for (const next of manifest[key]?.imports ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      loaded(next, seen);
    }
    return seen;
  };

  const keyOf = (file: string) => {
    const key = Object.keys(manifest).find((each) => each.endsWith(file));
    expect(key, file).toBeDefined();
    return key as string;
  };

  it('load no schema library on the account page: its start-up probe of eval is a CSP violation in the console', () => {
    for (const page of ['features/account/components/account-page.tsx', 'account/components/signed-in-account.tsx']) {
      const files = [...loaded(keyOf(page))].map((key) => manifest[key].file);
      expect(files.length, page).toBeGreaterThan(3);
      expect(
        files.filter((file) => /\/zod-/.test(file)),
        page,
      ).toEqual([]);
    }
    // the library is in the build, in a chunk of its own
    expect(Object.values(manifest).some((chunk) => /\/zod-/.test(chunk.file))).toBe(true);
  });

  it("send a signed-out visitor of /account none of the signed-in account's sections", () => {
    const code = (keys: Set<string>) => [...keys].map((key) => readFileSync(`ui/dist/${manifest[key].file}`, 'utf8'));
    const accountPage = keyOf('features/account/components/account-page.tsx');
    const signedOut = code(new Set([accountPage, ...loaded(accountPage)]));
    const signedInAccount = keyOf('account/components/signed-in-account.tsx');
    const signedIn = code(new Set([signedInAccount, ...loaded(signedInAccount)]));
    // the data section's buttons: in the signed-in account's chunks, in none a signed-out visitor loads
    for (const text of ['Download my data', 'Delete my account']) {
      expect(
        signedIn.some((file) => file.includes(text)),
        text,
      ).toBe(true);
      expect(
        signedOut.filter((file) => file.includes(text)),
        text,
      ).toEqual([]);
    }
  });
});
