import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATED_EVENT, PRERENDERED_RESPONSES_ID, type PrerenderedResponses } from '@contract/pages.ts';
import { App, signedOutQueryClient } from './app/app.tsx';
import { endHydration } from './lib/hydration.ts';
import { SPINNER_DELAY_MS } from './app/layout.tsx';
import { pageFor } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root') as HTMLElement;

if (root.dataset.prerendered !== undefined) {
  // The server sent this page as the build prerendered it for a signed-out visitor: the browser hydrates it once the page's
  // code is here, without rendering it again.
  void pageFor(window.location.pathname)
    ?.load()
    .then(() => {
      // the app starts from the API responses the page was prerendered with, so it hydrates the page as prerendered
      const client = signedOutQueryClient();
      const prerendered = document.getElementById(PRERENDERED_RESPONSES_ID)?.textContent;
      for (const [queryKey, answer] of prerendered ? (JSON.parse(prerendered) as PrerenderedResponses) : [])
        client.setQueryData(queryKey, answer);
      // as a transition, the hydration works in short slices too: a tap or a scroll is answered while it runs
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App signedOut client={client} />
          </StrictMode>,
        );
      });
      // React listens from here on (a tap hurries the hydration along): the taps held until now are made again
      document.dispatchEvent(new Event(HYDRATED_EVENT));
    });
} else {
  endHydration();
  // The first render runs as a transition: React works in short slices, so the browser paints the header index.html
  // already holds (and answers input) while the page is built, instead of waiting for one long task.
  const render = () =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  // The page's own chunk first (the server's preload hints have usually fetched it already): rendered before it has
  // come, the page would show the spinner, and React reveals what took its place no sooner than 300 ms after. A chunk
  // that takes longer than a page change may before its spinner shows is not waited for: the frame and the spinner are.
  const chunk = pageFor(window.location.pathname)?.load();
  if (chunk) {
    const spinnerDue = new Promise((due) => setTimeout(due, SPINNER_DELAY_MS));
    void Promise.race([chunk, spinnerDue]).then(render, render);
  } else render();
}
