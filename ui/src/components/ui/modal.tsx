import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

/**
 * A modal that fits a 360 px screen: it scrolls inside itself, never the page sideways, and its title and Close
 * button stay in view (sticky) however far it is scrolled. On close, focus goes back to the control that opened
 * it: the one `returnFocusTo` finds (for a list that may have redrawn its rows meanwhile), else the element that
 * had focus when it opened.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  returnFocusTo?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.() ?? opener.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto overflow-x-hidden rounded-xl border border-bayou-600 bg-bayou-900 text-slate-100 shadow-xl"
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-bayou-700 bg-bayou-900 px-4 py-3 sm:px-6">
            <Dialog.Title className="line-clamp-2 min-w-0 font-display text-lg font-bold text-gold-400 [overflow-wrap:anywhere] sm:text-xl">
              {title}
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="shrink-0 rounded-md p-1 text-slate-300 hover:bg-bayou-800">
              <X aria-hidden size={18} />
            </Dialog.Close>
          </div>
          <div className="grid min-w-0 gap-5 p-4 sm:p-6">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
