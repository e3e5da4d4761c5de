import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ADOPTED_EVENT, DRAWN_ANSWERS_ID, type DrawnAnswers } from '@contract/pages.ts';
import { App, signedOutQueryClient } from './app/app.tsx';
import { endDrawing } from './lib/drawing.ts';
import { SPINNER_DELAY_MS } from './app/layout.tsx';
import { pageFor } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root') as HTMLElement;

if (root.dataset.prerendered !== undefined) {
  // The server sent this page as the build drew it for a signed-out visitor: the browser adopts it once the page's
  // code is here, without drawing it again.
  void pageFor(window.location.pathname)
    ?.load()
    .then(() => {
      // the app starts from the API answers the page was drawn with, so it adopts the page as drawn
      const client = signedOutQueryClient();
      const drawn = document.getElementById(DRAWN_ANSWERS_ID)?.textContent;
      for (const [queryKey, answer] of drawn ? (JSON.parse(drawn) as DrawnAnswers) : [])
        client.setQueryData(queryKey, answer);
      // as a transition, the adoption works in short slices too: a tap or a scroll is answered while it runs
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App signedOut client={client} />
          </StrictMode>,
        );
      });
      // React listens from here on (a tap hurries the adoption along): the taps held until now are made again
      document.dispatchEvent(new Event(ADOPTED_EVENT));
    });
} else {
  endDrawing();
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
