import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests need Debian's chromium; in CI its absence is a failure, locally the tests are skipped with a note. */
export const browserAvailable = existsSync(CHROMIUM_PATH) || process.env.CI === 'true';

if (!browserAvailable)
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const ARTIFACTS_DIR = 'test-artifacts/screenshots';

export function screenshotPath(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return `${ARTIFACTS_DIR}/${name}.png`;
}

/**
 * Runs `read`, again after `settle` when a navigation of the page's own cut it short (at most 3 times): a page that
 * sends a signed-out visitor on after a moment may leave while it is read, and is read where it lands.
 */
export async function landed<T>(
  page: Page,
  read: () => Promise<T>,
  settle: (page: Page) => Promise<void> = (cut) => cut.waitForLoadState('networkidle'),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      const cut = /Execution context was destroyed|net::ERR_ABORTED|interrupted by another navigation/.test(
        String(error),
      );
      if (attempt === 3 || !cut) throw error;
      await settle(page);
    }
  }
}
