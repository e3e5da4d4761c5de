// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the tooltip module, its code not yet loaded (test files share their worker's modules). */
async function freshTooltip() {
  vi.resetModules();
  return import('./tooltip.tsx');
}

describe('Tooltip, hovered or focused before its code has arrived', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens 700 ms after the hover all the same', async () => {
    const { Tooltip, loadTooltips } = await freshTooltip();
    vi.useFakeTimers();
    render(
      <Tooltip content="Tattoos, Vehicles & More">
        <a href="/addons">Add ons</a>
      </Tooltip>,
    );
    const hovered = screen.getByText('Add ons');
    fireEvent.pointerEnter(hovered, { pointerType: 'mouse' });
    fireEvent.pointerMove(hovered, { pointerType: 'mouse' });
    await act(() => loadTooltips());
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Tattoos, Vehicles & More');
  });

  it('keeps the focus of a trigger focused meanwhile, and opens', async () => {
    const { Tooltip, loadTooltips } = await freshTooltip();
    render(
      <Tooltip content="Five Level Whitelist Access">
        <a href="/whitelist">Priority Pass</a>
      </Tooltip>,
    );
    act(() => screen.getByText('Priority Pass').focus());
    await act(() => loadTooltips());
    expect(document.activeElement?.textContent).toBe('Priority Pass');
    expect((await screen.findByRole('tooltip')).textContent).toBe('Five Level Whitelist Access');
  });
});

describe('Tooltip', () => {
  let Tooltip: Awaited<ReturnType<typeof freshTooltip>>['Tooltip'];
  beforeAll(async () => {
    const module = await freshTooltip();
    await module.loadTooltips();
    Tooltip = module.Tooltip;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens on keyboard focus and closes on Escape', async () => {
    render(
      <Tooltip content="Five Level Whitelist Access">
        <a href="/whitelist">Priority Pass</a>
      </Tooltip>,
    );
    const trigger = screen.getByText('Priority Pass');
    act(() => trigger.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Five Level Whitelist Access');
    fireEvent.keyDown(trigger, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('waits 700 ms on hover before opening', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Appeal Services">
        <button type="button">Unban</button>
      </Tooltip>,
    );
    act(() => vi.advanceTimersByTime(1000)); // past the skip delay of the tooltip the test before closed
    const trigger = screen.getByText('Unban');
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Appeal Services');
  });

  it('opens the next tooltip at once within 300 ms of one closing, and after 700 ms again later', () => {
    vi.useFakeTimers();
    render(
      <>
        <Tooltip content="Starter Gang to Swamp Syndicate">
          <a href="/gangs">Gang Applications</a>
        </Tooltip>
        <Tooltip content="Tattoos, Vehicles & More">
          <a href="/addons">Add ons</a>
        </Tooltip>
      </>,
    );
    let hovered: HTMLElement | undefined;
    const hover = (text: string) => {
      if (hovered) fireEvent.pointerLeave(hovered, { pointerType: 'mouse' });
      const trigger = screen.getByText(text);
      hovered = trigger;
      fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
      fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    };
    const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    act(() => vi.advanceTimersByTime(1000));
    hover('Gang Applications');
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip').textContent).toBe('Starter Gang to Swamp Syndicate');
    hover('Add ons'); // while one is open
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('tooltip').textContent).toBe('Tattoos, Vehicles & More');
    pressEscape();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('tooltip')).toBeNull();
    hover('Gang Applications'); // 200 ms after one closed
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('tooltip').textContent).toBe('Starter Gang to Swamp Syndicate');
    pressEscape();
    act(() => vi.advanceTimersByTime(1000));
    hover('Add ons'); // a second after
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Tattoos, Vehicles & More');
  });
});
