import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ADOPTED_EVENT, DRAWN_ANSWERS_ID, type DrawnAnswers } from '@contract/pages.ts';
import { App, signedOutQueryClient } from './app/app.tsx';
import { endDrawing } from './lib/drawing.ts';
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
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
