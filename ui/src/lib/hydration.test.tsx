// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { endHydration, usePrerenderingOrHydrating } from './hydration.ts';

let renders = 0;
function Phrase() {
  renders++;
  return <p>{usePrerenderingOrHydrating() ? 'as prerendered' : 'the app’s own'}</p>;
}

describe('a page the build prerendered, hydrated by the app', () => {
  it('renders each component once while hydrating it, and what mounts after is the app’s own', async () => {
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderToString(<Phrase />);
    document.body.append(prerendered);
    expect(prerendered.textContent).toBe('as prerendered');
    renders = 0;
    await act(async () => {
      hydrateRoot(prerendered, <Phrase />);
    });
    // hydrated as prerendered, and not rendered a second time once hydrated
    expect(prerendered.textContent).toBe('as prerendered');
    expect(renders).toBe(1);

    endHydration();
    const later = document.createElement('div');
    document.body.append(later);
    await act(async () => {
      createRoot(later).render(<Phrase />);
    });
    expect(later.textContent).toBe('the app’s own');
  });
});
