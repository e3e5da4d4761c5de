// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client.ts';
import { SESSION_RETRIES, useCurrentUser } from './current-user.ts';

const member = { id: 'u1', username: 'Jean', role: 'player', permissions: [] };

/** what the header and the guarded pages read, each time it renders */
function Probe({ seen }: { seen: (boolean | undefined)[] }) {
  const { isSignedIn, user } = useCurrentUser();
  seen.push(isSignedIn);
  return <p>{isSignedIn === undefined ? 'unknown' : (user?.username ?? 'signed out')}</p>;
}

function answers(...statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
      return status === 200
        ? new Response(JSON.stringify({ user: member }), { status })
        : new Response(JSON.stringify({ message: 'The server is busy.' }), { status });
    }),
  );
  return calls;
}

async function show() {
  const seen: (boolean | undefined)[] = [];
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Probe seen={seen} />
    </QueryClientProvider>,
  );
  return { seen, text: () => view.container.textContent };
}

describe('the signed-in user, when the server is busy', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a member answered 503 twice stays unknown while the site asks again, then shows as signed in', async () => {
    const calls = answers(503, 503, 200);
    const { seen, text } = await show();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(3);
    expect(text()).toBe('Jean');
    expect(seen).not.toContain(false);
  });

  it('a server that stays busy past the retries leaves the visitor signed out, not waiting for ever', async () => {
    const calls = answers(503);
    const { text } = await show();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls).toHaveLength(SESSION_RETRIES + 1);
    expect(text()).toBe('signed out');
  });

  it('a refusal that a retry cannot change is not asked again', async () => {
    const calls = answers(400);
    const { text } = await show();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(1);
    expect(text()).toBe('signed out');
  });
});
