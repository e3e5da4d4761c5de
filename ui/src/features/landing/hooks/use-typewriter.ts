import { useEffect, useRef, useState } from 'react';

export const TYPEWRITER_MS_PER_CHARACTER = 30;

/**
 * Types `text` into the element behind `ref`, one character every 30 ms once `start` is true; all at once when
 * `instant` (reduced motion). The text is written straight into the element, so typing costs no re-render;
 * React hears only of the end (`done`).
 */
export function useTypewriter<T extends HTMLElement>(
  text: string,
  { start, instant }: { start: boolean; instant: boolean },
) {
  const ref = useRef<T>(null);
  const [done, setDone] = useState(instant);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (instant) {
      element.textContent = text;
      setDone(true);
      return;
    }
    element.textContent = '';
    setDone(false);
    if (!start) return;
    let count = 0;
    const timer = setInterval(() => {
      count += 1;
      element.textContent = text.slice(0, count);
      if (count >= text.length) {
        clearInterval(timer);
        setDone(true);
      }
    }, TYPEWRITER_MS_PER_CHARACTER);
    return () => clearInterval(timer);
  }, [text, start, instant]);

  return { ref, done };
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}
