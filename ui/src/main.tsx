import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles.css';

// The first render runs as a transition: React works in short slices, so the browser paints the header index.html
// already holds (and answers input) while the page is built, instead of waiting for one long task.
startTransition(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
