// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { endDrawing, useDrawingPrerendered } from './drawing.ts';

let renders = 0;
function Phrase() {
  renders++;
  return <p>{useDrawingPrerendered() ? 'as drawn' : 'the app’s own'}</p>;
}

describe('a page the build drew, adopted by the app', () => {
  it('draws each component once while adopting it, and what mounts after is the app’s own', async () => {
    const drawn = document.createElement('div');
    drawn.innerHTML = renderToString(<Phrase />);
    document.body.append(drawn);
    expect(drawn.textContent).toBe('as drawn');
    renders = 0;
    await act(async () => {
      hydrateRoot(drawn, <Phrase />);
    });
    // adopted as drawn, and not drawn a second time once adopted
    expect(drawn.textContent).toBe('as drawn');
    expect(renders).toBe(1);

    endDrawing();
    const later = document.createElement('div');
    document.body.append(later);
    await act(async () => {
      createRoot(later).render(<Phrase />);
    });
    expect(later.textContent).toBe('the app’s own');
  });
});
