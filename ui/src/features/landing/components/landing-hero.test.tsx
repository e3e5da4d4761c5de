// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPEWRITER_MS_PER_CHARACTER } from '../hooks/use-typewriter.ts';
import { LANDING_SUBTITLE, LandingHero, TITLE_ANIMATION_MS } from './landing-hero.tsx';

const typed = () => screen.getByTestId('typewriter').textContent?.replace(/\u00a0/g, '') ?? '';
const buttons = () => [
  screen.queryByRole('link', { name: 'Login & Shop' }),
  screen.queryByRole('link', { name: 'Join Discord' }),
];

describe('landing hero', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('types the subtitle at 30 ms a character after the title, then shows the buttons', () => {
    expect(TYPEWRITER_MS_PER_CHARACTER).toBe(30);
    render(<LandingHero />);
    expect(typed()).toBe('');
    act(() => vi.advanceTimersByTime(TITLE_ANIMATION_MS));
    expect(typed()).toBe('');

    act(() => vi.advanceTimersByTime(30));
    expect(typed()).toBe(LANDING_SUBTITLE.slice(0, 1));
    act(() => vi.advanceTimersByTime(30 * 9));
    expect(typed()).toBe(LANDING_SUBTITLE.slice(0, 10));
    act(() => vi.advanceTimersByTime(29));
    expect(typed()).toBe(LANDING_SUBTITLE.slice(0, 10));
    act(() => vi.advanceTimersByTime(1));
    expect(typed()).toBe(LANDING_SUBTITLE.slice(0, 11));
    expect(buttons()).toEqual([null, null]);

    // one character short of the end: still no buttons
    act(() => vi.advanceTimersByTime(30 * (LANDING_SUBTITLE.length - 12)));
    expect(typed()).toBe(LANDING_SUBTITLE.slice(0, -1));
    expect(buttons()).toEqual([null, null]);

    act(() => vi.advanceTimersByTime(30));
    expect(typed()).toBe(LANDING_SUBTITLE);
    const [login, discord] = buttons();
    expect(login?.getAttribute('href')).toBe('/api/login?returnTo=%2Fwhitelist');
    expect(discord?.getAttribute('target')).toBe('_blank');
  });

  it('shows everything at once when the visitor asks for reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })) as never;
    try {
      render(<LandingHero />);
      expect(typed()).toBe(LANDING_SUBTITLE);
      expect(buttons().every(Boolean)).toBe(true);
    } finally {
      window.matchMedia = original;
    }
  });
});
