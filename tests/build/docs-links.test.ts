import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** the text a reader follows links in: fenced blocks and inline code hold examples, not links */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(path: string): Set<string> {
  const headings = prose(readFileSync(path, 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((line) => anchor(line.replace(/^#+ /, ''))));
}

function relativeLinks(path: string): string[] {
  const links = [...prose(readFileSync(path, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  return links.filter((link) => !/^[a-z]+:/i.test(link));
}

describe('the documentation', () => {
  it('keeps the README short enough to read in five minutes', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(120);
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const link of relativeLinks(file)) {
        const [target, hash] = link.split('#');
        const path = target ? resolve(dirname(file), target) : file;
        const where = `${relative(ROOT, file)} -> ${link}`;
        if (!existsSync(path)) broken.push(`${where} (no such file)`);
        else if (hash && path.endsWith('.md') && !anchorsOf(path).has(hash)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('lists every decision record in the index, each with a status and a date', () => {
    const dir = join(ROOT, 'docs/decisions');
    const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    for (const name of records) {
      expect(index, name).toContain(`](${name})`);
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text, name).toMatch(new RegExp(`^# ${name.slice(0, 4)}\\. `));
      expect(text, name).toMatch(/^Status: (Accepted|Superseded by \[\d{4}\])/m);
      expect(text, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    }
  });
});
