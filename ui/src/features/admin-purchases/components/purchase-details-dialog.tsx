import * as Dialog from '@radix-ui/react-dialog';
import { format } from 'date-fns';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PurchaseDto } from '@contract/purchases.ts';
import { formatMoney } from '@/lib/format.ts';
import { StatusBadge, TypeBadge } from './purchase-badges.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="break-words text-slate-100">{children}</dd>
    </div>
  );
}

const when = (iso: string | null) => (iso ? format(new Date(iso), 'MMM dd, yyyy HH:mm') : '—');

export function PurchaseDetailsDialog({ purchase, onClose }: { purchase: PurchaseDto | null; onClose: () => void }) {
  return (
    <Dialog.Root open={purchase !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-bayou-600 bg-bayou-900 p-5 text-slate-100 shadow-xl"
        >
          <Dialog.Title className="pr-8 font-display text-xl font-bold text-gold-400">Purchase details</Dialog.Title>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1 text-slate-300 hover:bg-bayou-800"
          >
            <X aria-hidden size={18} />
          </Dialog.Close>
          {purchase && (
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              <Row label="Product">{purchase.productName}</Row>
              <Row label="Type">
                <TypeBadge type={purchase.productType} />
              </Row>
              <Row label="Amount">{formatMoney(purchase.price)}</Row>
              <Row label="Status">
                <StatusBadge status={purchase.status} />
              </Row>
              <Row label="Customer (Discord)">{purchase.buyerDiscord ?? '—'}</Row>
              <Row label="Email">{purchase.buyerEmail ?? '—'}</Row>
              <Row label="Transaction ID">
                <code className="text-xs">{purchase.paymentIntentId ?? '—'}</code>
              </Row>
              <Row label="Purchase ID">
                <code className="text-xs">{purchase.id}</code>
              </Row>
              <Row label="Tokens">
                {purchase.tokensAwarded} awarded of {purchase.tokensGranted}
              </Row>
              <Row label="Created">{when(purchase.createdAt)}</Row>
              <Row label="Completed">{when(purchase.completedAt)}</Row>
              {purchase.failureReason && <Row label="Note">{purchase.failureReason}</Row>}
              {purchase.banReason !== null && (
                <div className="min-w-0 sm:col-span-2">
                  <dt className="text-xs uppercase tracking-wide text-slate-400">Ban reason</dt>
                  <dd
                    data-testid="ban-reason"
                    className="mt-1 whitespace-pre-wrap break-words rounded-md border border-bayou-700 bg-bayou-950 p-3 text-slate-100"
                  >
                    {purchase.banReason}
                  </dd>
                </div>
              )}
            </dl>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
