import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawGet as get } from '../support/http.ts';
import { sharedTestServer } from '../support/shared-server.ts';
import type { TestServer } from '../support/test-system.ts';

describe('the built UI as the server sends it', () => {
  let server: TestServer;
  const preloads = JSON.parse(readFileSync('ui/dist/route-preloads.json', 'utf8')) as Record<string, string[]>;

  beforeAll(async () => {
    server = await sharedTestServer();
  });

  it('gzips scripts for browsers that accept it, and sends them plain to others', async () => {
    const html = (await get(`${server.url}/jobs`)).body.toString();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const zipped = await get(`${server.url}${entry}`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    const plain = await get(`${server.url}${entry}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
  });

  it("names a page's own chunks in index.html, so they download beside the entry", async () => {
    expect(preloads['/server-rules'][0]).toMatch(/^assets\/server-rules-page-.+\.js$/);
    // with a session: the app's index.html, the page's chunks in modulepreload links
    const withSession = { 'Accept-Encoding': 'gzip', Cookie: 'bayou.sid=some-session' };
    const html = gunzipSync((await get(`${server.url}/server-rules`, withSession)).body).toString();
    for (const file of preloads['/server-rules'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
    expect(html).not.toContain(preloads['/faq'][0]);

    // without one: the page as the build drew it, which asks for the same chunks once it is painted
    const drawn = (await get(`${server.url}/server-rules`)).body.toString();
    const modules = /data-modules="([^"]+)"/.exec(drawn)?.[1].split(' ') ?? [];
    for (const file of preloads['/server-rules']) expect(modules).toContain(`/${file}`);
    // the libraries the entry imports run before it, each on its own (React DOM is a chunk of its own)
    const app = (await get(`${server.url}/no-such-page`)).body.toString();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(app)?.[1] ?? '';
    const libraries = [...app.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]);
    expect(libraries.some((file) => /\/react-dom-[\w-]+\.js$/.test(file))).toBe(true);
    expect(modules.slice(0, libraries.length + 1)).toEqual([...libraries, entry]);
    expect(drawn).not.toContain('rel="modulepreload"');
    expect(drawn).not.toContain(preloads['/faq'][0]);

    const unknown = (await get(`${server.url}/no-such-page`)).body.toString();
    expect(unknown).toContain('<div id="root">');
    expect(unknown).not.toContain(preloads['/server-rules'][0]);
  });

  it('puts the brand name in the title and the header painted before the scripts', async () => {
    const html = (await get(`${server.url}/jobs`)).body.toString();
    expect(html).toContain('<title>Bayou Roleplay</title>');
    expect(html).not.toContain('%BRAND_NAME%');
  });
});
