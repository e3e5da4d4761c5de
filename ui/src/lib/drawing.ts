import { useSyncExternalStore } from 'react';

let drawing = true;
const unchanging = () => () => {};

/**
 * From now on the page is the app's own: components that mount later are not part of a page the build drew. The app
 * says so once it has adopted a drawn page (after the adoption's effects), or before it draws a page itself.
 */
export function endDrawing(): void {
  drawing = false;
}

/**
 * True while the page is drawn as HTML (the build's prerender) and while the browser adopts that HTML (hydration):
 * React reads the server snapshot in both. The browser's own snapshot stays true until the adoption is over, so the
 * adopted components, comparing the two right after, find no change and are not drawn a second time in one long task.
 */
export const useDrawingPrerendered = () =>
  useSyncExternalStore(
    unchanging,
    () => drawing,
    () => true,
  );
