import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { currentToasts, dismissToast, subscribeToasts, type ToastItem, type ToastVariant } from './toast-store.ts';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-bayou-600 bg-bayou-900 text-slate-100',
  success: 'border-moss-400/60 bg-bayou-800 text-slate-100',
  destructive: 'border-red-400/60 bg-red-950 text-red-50',
};

/**
 * The Radix implementation behind `<Toaster />`, loaded after the first paint. Radix's defaults are the site's (docs/product.md#texts-and-timings): 5 s on screen, swipe right past 50 px to dismiss,
 * F8 moves focus to the notifications; they are spelled out here so they cannot drift.
 */
export default function RadixToaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      {/* F8 focuses the list: the global focus ring is drawn inside its edge, which sits on the screen's edge.
          Above the sticky header (z-40), under any open dialog (z-50): a toast never covers a dialog's buttons, and
          a dialog shows its own failures inside itself. */}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[45] flex max-h-screen w-full flex-col gap-2 rounded-xl p-4 empty:p-0 focus-visible:[outline-offset:-4px] md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const variant = item.variant ?? 'default';
  return (
    <ToastPrimitive.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      duration={item.duration}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      className={`toast-root group relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${VARIANT_CLASSES[variant]}`}
    >
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
        {item.description && (
          <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label="Close notification"
        className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden size={16} />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
