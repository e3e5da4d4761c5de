import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal.tsx';
import { ScopedInterviewPanel } from '@/features/interviews';
import type { ReviewKindView, ReviewList, ReviewSummary } from '../kinds/review-kind.ts';

/** The control that opens an application's dialog carries its id, so focus can find it again after a refetch. */
export const openerAttribute = (id: string) => ({ 'data-review-opener': id });

/**
 * An application's review dialog, for every kind: its title, what the reviewer reads and how they decide come from
 * the kind's view. On close, focus goes back to the Review button of that application, redrawn or not.
 */
export function ReviewDialog<S extends ReviewSummary, L extends ReviewList<S>, A extends { id: string }>({
  view,
  application,
  onClose,
}: {
  view: ReviewKindView<S, L, A>;
  application: A;
  onClose: () => void;
}) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={view.dialog.title(application)}
      returnFocusTo={() => document.querySelector<HTMLElement>(`[data-review-opener="${CSS.escape(application.id)}"]`)}
    >
      {view.dialog.body(application)}
      <ScopedInterviewPanel />
      {view.dialog.decision(application, onClose)}
    </Modal>
  );
}

/** A titled group of details in a dialog: The Ban, Personal Information. */
export function DetailSection({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <h3 className="mb-2 text-sm font-semibold text-moss-300">{title}</h3>
      <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>
    </section>
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
