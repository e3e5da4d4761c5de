import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal.tsx';

/** The control that opens an application's dialog carries its id, so focus can find it again after a refetch. */
export const openerAttribute = (id: string) => ({ 'data-review-opener': id });

/** An application's dialog; on close, focus goes back to the Review button of that application, redrawn or not. */
export function ReviewDialog({
  open,
  onOpenChange,
  title,
  openerId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** the application whose opener gets focus back */
  openerId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      returnFocusTo={() => document.querySelector<HTMLElement>(`[data-review-opener="${CSS.escape(openerId)}"]`)}
    >
      {children}
    </Modal>
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
