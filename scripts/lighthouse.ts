/**
 * `npm run lighthouse`: builds the UI for production, serves it with the real API on a fresh embedded database,
 * and audits `/`, `/whitelist`, `/server-rules` and `/account` (signed out: its sign-in prompt) with Lighthouse's mobile preset in Debian's chromium.
 * The goal is 100 in every category; the command fails below 95 (a run moves by a point or two on a busy machine).
 * Each figure is the median of three runs per page; the reports go to test-artifacts/lighthouse/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../adapters/config.ts';
import { composeSystem } from '../adapters/compose.ts';
import { startServer } from '../adapters/http/server.ts';
import { createLogger } from '../adapters/logger.ts';

export const LIGHTHOUSE_PAGES = ['/', '/whitelist', '/server-rules', '/account'];
export const MIN_SCORE = 95;
/** Each page is audited this many times and the median run is used, as Lighthouse's own guidance advises. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const REPORT_DIR = 'test-artifacts/lighthouse';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function buildUi() {
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({ configFile: 'vite.config.ts', mode: 'production', logLevel: 'warn' });
}

async function main() {
  await buildUi();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  const system = await composeSystem(config, { dataDir: 'memory', logger: createLogger('silent') });
  const server = await startServer(system, { uiDir: 'ui/dist', port: 0, host: '127.0.0.1' });
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  mkdirSync(REPORT_DIR, { recursive: true });
  const failures: string[] = [];
  const short: string[] = [];
  try {
    // LIGHTHOUSE_PATHS=/account,/ audits those pages only (a page looked into)
    const paths = process.env.LIGHTHOUSE_PATHS?.split(',') ?? LIGHTHOUSE_PAGES;
    for (const path of paths) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        runs.push(result);
      }
      if (process.env.LIGHTHOUSE_PATHS)
        console.log(
          `${path} each run: performance, Total Blocking Time ms`,
          runs.map((run) => [
            Math.round((run.lhr.categories.performance?.score ?? 0) * 100),
            Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? 0),
          ]),
        );
      runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
      const result = runs[Math.floor(runs.length / 2)];
      const name = path === '/' ? 'home' : path.slice(1);
      writeFileSync(`${REPORT_DIR}/${name}.json`, result.report as string);
      const scores = CATEGORIES.map((category) => {
        const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
        if (score < MIN_SCORE) failures.push(`${path} ${category} ${score}`);
        if (score < 100) short.push(`${path} ${category} ${score}`);
        return `${category} ${score}`;
      });
      console.log(`${path.padEnd(14)} ${scores.join('  ')}`);
      for (const category of CATEGORIES) {
        for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 0.9)
            console.log(`    ${category}: ${audit.title} (${Math.round(audit.score * 100)})`);
        }
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  if (failures.length > 0) {
    console.error(`Below ${MIN_SCORE}: ${failures.join(', ')}`);
    process.exitCode = 1;
  } else if (short.length > 0) {
    console.log(`Every category of every page scores at least ${MIN_SCORE}; below 100: ${short.join(', ')}.`);
  } else {
    console.log('Every category of every page scores 100.');
  }
}

await main();
