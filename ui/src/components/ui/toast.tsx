import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, toast } from './toast-store.ts';

export type { ToastInput, ToastVariant } from './toast-store.ts';

/** `const { toast } = useToast(); toast({ title: 'Payment Failed', description, variant: 'destructive' })` */
export function useToast() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return { toast, dismiss: dismissToast, toasts };
}

// Toasts are never part of the first paint, so their code loads after it; a toast raised before waits in the store.
const RadixToaster = lazy(() => import('./toaster.tsx'));

/** Mounted once in the app. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
