import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { whenIdle } from '@/lib/when-idle.ts';
import { currentToasts, dismissToast, subscribeToasts, toast } from './toast-store.ts';

export type { ToastInput, ToastVariant } from './toast-store.ts';

/** `const { toast } = useToast(); toast({ title: 'Payment Failed', description, variant: 'destructive' })` */
export function useToast() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return { toast, dismiss: dismissToast, toasts };
}

// Toasts are never part of the first paint: their code loads once the page is idle, or with an earlier first toast,
// which waits in the store meanwhile.
let toasterModule: Promise<typeof import('./toaster.tsx')> | undefined;
const loadToaster = () => {
  toasterModule ??= import('./toaster.tsx');
  return toasterModule;
};
const RadixToaster = lazy(loadToaster);

/** Mounted once in the app; draws the notifications from the first toast on (F8 then reaches them). */
export function Toaster() {
  const { toasts } = useToast();
  const [raised, setRaised] = useState(false);
  useEffect(() => whenIdle(() => void loadToaster()), []);
  if (toasts.length > 0 && !raised) setRaised(true);
  if (!raised) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
