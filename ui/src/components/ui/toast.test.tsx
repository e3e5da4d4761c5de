// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast } from './toast-store.ts';
import RadixToaster from './toaster.tsx';
import { Toaster, useToast } from './toast.tsx';

function Raiser() {
  const { toast } = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          toast({ title: 'Payment Failed', description: 'Your card was declined.', variant: 'destructive' })
        }
      >
        fail
      </button>
      <button
        type="button"
        onClick={() => toast({ title: 'Application Submitted!', variant: 'success', duration: 6000 })}
      >
        succeed
      </button>
    </>
  );
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the one showing', () => {
    render(
      <>
        <Raiser />
        <RadixToaster />
      </>,
    );
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText('Your card was declined.')).toBeTruthy();
    fireEvent.click(screen.getByText('succeed'));
    expect(screen.getByText('Application Submitted!')).toBeTruthy();
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((item) => item.getAttribute('data-state') === 'open')).toHaveLength(
      1,
    );
  });

  it('closes after 5 s by default, and honours a longer duration', () => {
    render(
      <>
        <Raiser />
        <RadixToaster />
      </>,
    );
    fireEvent.click(screen.getByText('fail'));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Payment Failed').closest('li')?.getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Payment Failed')?.closest('li')?.getAttribute('data-state') ?? 'closed').toBe('closed');

    fireEvent.click(screen.getByText('succeed'));
    act(() => vi.advanceTimersByTime(5500));
    expect(screen.getByText('Application Submitted!').closest('li')?.getAttribute('data-state')).toBe('open');
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByText('Application Submitted!')?.closest('li')?.getAttribute('data-state') ?? 'closed').toBe(
      'closed',
    );
  });

  it('shows a toast raised before the lazily loaded toaster arrived', async () => {
    vi.useRealTimers();
    act(() => {
      toast({
        title: 'Authentication Required',
        description: 'Please log in to make a purchase.',
        variant: 'destructive',
      });
    });
    render(<Toaster />);
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getByText('Please log in to make a purchase.')).toBeTruthy();
  });

  it('labels the region for F8 and caps its width at 420 px from medium screens up', () => {
    render(<RadixToaster />);
    const region = screen.getByRole('region');
    expect(region.getAttribute('aria-label')).toContain('F8');
    const viewport = region.querySelector('ol');
    expect(viewport?.className).toContain('md:max-w-[420px]');
    act(() => {
      fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    });
    expect(document.activeElement).toBe(viewport);
  });
});
