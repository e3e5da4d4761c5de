import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

const button =
  'inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-semibold focus:outline-none focus:ring-2 focus:ring-gold-400 focus:ring-offset-2 focus:ring-offset-bayou-950';
export const BUTTON_PRIMARY = `${button} bg-gold-400 text-bayou-950 hover:bg-gold-300 disabled:opacity-60`;
export const BUTTON_SECONDARY = `${button} border border-bayou-600 bg-bayou-900 text-slate-100 hover:bg-bayou-800`;
export const INPUT =
  'mt-1 w-full rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:outline-none focus:ring-2 focus:ring-gold-400';
export const LABEL = 'block text-sm font-semibold text-slate-200';

/**
 * A small admin action in a modal: the opener is its trigger (focus returns there on close); a failed check or
 * answer shows a message inside and keeps focus in the dialog.
 */
export function ActionDialog({
  opener,
  title,
  description,
  submitLabel,
  submit,
  children,
}: {
  opener: string;
  title: string;
  description: string;
  submitLabel: string;
  /** answers an error message to show, or null when done */
  submit: () => Promise<string | null>;
  children: (error: string | null) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** counts failures, so the same message twice still takes focus again */
  const [failures, setFailures] = useState(0);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const descriptionId = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const message = await submit();
    setBusy(false);
    if (message === null) {
      setError(null);
      setOpen(false);
      return;
    }
    setError(message);
    setFailures((n) => n + 1);
  };
  // the message takes focus in the same commit that shows it: focus never leaves the dialog, and it is read out
  useLayoutEffect(() => {
    if (failures > 0) errorRef.current?.focus();
  }, [failures]);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Dialog.Trigger className={BUTTON_SECONDARY}>{opener}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={descriptionId}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-bayou-600 bg-bayou-900 p-5 text-slate-100 shadow-xl"
        >
          <Dialog.Title className="pr-8 font-display text-xl font-bold text-gold-400">{title}</Dialog.Title>
          <Dialog.Description id={descriptionId} className="mt-1 text-sm text-slate-300 [overflow-wrap:anywhere]">
            {description}
          </Dialog.Description>
          <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
            {children(error)}
            {error && (
              <p
                ref={errorRef}
                tabIndex={-1}
                role="alert"
                className="rounded-md border border-red-500/60 bg-red-950/60 px-3 py-2 text-sm text-red-100 focus:outline-none focus:ring-2 focus:ring-red-300"
              >
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close type="button" className={BUTTON_SECONDARY}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={BUTTON_PRIMARY} aria-disabled={busy}>
                {busy ? 'Saving…' : submitLabel}
              </button>
            </div>
          </form>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1 text-slate-300 hover:bg-bayou-800"
          >
            <X aria-hidden size={18} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
