import { useSyncExternalStore } from 'react';

let prerendering = true;
const unchanging = () => () => {};

/**
 * From now on the page is the app's own: components that mount later are not part of a page the build prerendered. The app
 * says so once it has hydrated a prerendered page (after the hydration's effects), or before it renders a page itself.
 */
export function endHydration(): void {
  prerendering = false;
}

/**
 * True while the page is prerendered as HTML (the build's prerender) and while the browser hydrates that HTML (hydration):
 * React reads the server snapshot in both. The browser's own snapshot stays true until the hydration is over, so the
 * hydrated components, comparing the two right after, find no change and are not rendered a second time in one long task.
 */
export const usePrerenderingOrHydrating = () =>
  useSyncExternalStore(
    unchanging,
    () => prerendering,
    () => true,
  );
