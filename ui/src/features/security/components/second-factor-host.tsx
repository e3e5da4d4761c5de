import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { setupHandled, stepUpStore } from '../api/step-up.ts';

// the prompt and WebAuthn load only when a staff action asks for the factor
const SecondFactorPrompt = lazy(() => import('./second-factor-prompt.tsx'));

/** Mounted once in the frame: shows the prompt a staff action asks for, or moves to the security page to set one up. */
export function SecondFactorHost() {
  const state = useSyncExternalStore(stepUpStore.subscribe, stepUpStore.snapshot, stepUpStore.snapshot);
  const navigate = useNavigate();
  useEffect(() => {
    if (!state.setupNeeded) return;
    setupHandled();
    navigate(paths.accountSecurity);
  }, [state.setupNeeded, navigate]);
  if (!state.asking) return null;
  return (
    <Suspense fallback={null}>
      <SecondFactorPrompt />
    </Suspense>
  );
}
