import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/** A modal that fits a 360 px screen: it scrolls inside itself, never the page sideways. */
export function ReviewDialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-bayou-600 bg-bayou-900 p-4 text-slate-100 shadow-xl sm:p-6"
        >
          <Dialog.Title className="pr-8 font-display text-xl font-bold text-gold-400">{title}</Dialog.Title>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1 text-slate-300 hover:bg-bayou-800"
          >
            <X aria-hidden size={18} />
          </Dialog.Close>
          <div className="mt-4 grid gap-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

export function LongAnswer({ label, text }: { label: string; text: string | null }) {
  return (
    <section className="min-w-0">
      <h3 className="text-sm font-semibold text-moss-300">{label}</h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-200">{text || '—'}</p>
    </section>
  );
}
