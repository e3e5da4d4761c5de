// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

describe('Tooltip', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('opens on keyboard focus and closes on Escape', async () => {
    render(
      <TooltipProvider>
        <Tooltip content="Five Level Whitelist Access">
          <a href="/whitelist">Priority Pass</a>
        </Tooltip>
      </TooltipProvider>,
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
      <TooltipProvider>
        <Tooltip content="Appeal Services">
          <button type="button">Unban</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByText('Unban');
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Appeal Services');
  });

  it('works without a provider around it, with the same delay', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Tattoos, Vehicles & More">
        <a href="/addons">Add ons</a>
      </Tooltip>,
    );
    fireEvent.pointerMove(screen.getByText('Add ons'), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(650));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip').textContent).toBe('Tattoos, Vehicles & More');
  });
});
