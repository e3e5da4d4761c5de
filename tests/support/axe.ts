import type { Page } from 'playwright-core';

/**
 * axe-core's violations on the page as it stands once its animations have ended (a toast halfway through fading in
 * over a button would lend it a colour it never shows still), one line each ('color-contrast: 2 nodes, .x, .y').
 * The page's context must be made with `bypassCSP: true`: the script goes in inline, which the site's policy refuses.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  return page.evaluate(async () => {
    // a spinner turns for ever: only the animations that end are waited for
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    const axe = (
      window as unknown as {
        axe: { run: (options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    // every rule runs; only the violations are described element by element (passes are only counted)
    const { violations } = await axe.run({ resultTypes: ['violations'] });
    return violations.map(
      (v) => `${v.id}: ${v.nodes.length} nodes, ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

interface AxeViolation {
  id: string;
  nodes: Array<{ target: string[] }>;
}

/** Whether the page fits the screen's width (no sideways scrolling). */
export const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
