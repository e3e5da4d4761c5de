import { ApiError } from '@/lib/api-client.ts';

// the refusals' codes (core/security/model/second-factor.ts), written here: the frame's bundle carries no schema library
const SETUP_REQUIRED = 'SECOND_FACTOR_SETUP_REQUIRED';
const REQUIRED = 'SECOND_FACTOR_REQUIRED';

/** What the prompt host shows: the prompt for the factor, or a move to the security page to set one up. */
export interface StepUpState {
  asking: boolean;
  setupNeeded: boolean;
}

let state: StepUpState = { asking: false, setupNeeded: false };
let answer: ((passed: boolean) => void) | null = null;
const listeners = new Set<() => void>();

function set(next: StepUpState) {
  state = next;
  for (const listener of listeners) listener();
}

export const stepUpStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
};

/** The prompt's outcome: checked (the action is tried again) or closed (it stays refused). */
export function finishStepUp(passed: boolean) {
  const waiting = answer;
  answer = null;
  set({ ...state, asking: false });
  waiting?.(passed);
}

export function setupHandled() {
  set({ ...state, setupNeeded: false });
}

function askForFactor(): Promise<boolean> {
  answer?.(false);
  set({ ...state, asking: true });
  return new Promise((resolve) => {
    answer = resolve;
  });
}

function codeOf(error: unknown): unknown {
  return error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined;
}

/**
 * Runs a staff action; when the server asks for the second factor again, shows the prompt and, once it passes,
 * runs the action once more. When no factor is set up yet, sends the member to the security page.
 */
export async function withSecondFactor<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = codeOf(error);
    if (code === SETUP_REQUIRED) set({ ...state, setupNeeded: true });
    if (code !== REQUIRED || !(await askForFactor())) throw error;
    return run();
  }
}
