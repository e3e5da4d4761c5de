import { ChevronDown, ChevronUp, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatPrice, formatRelativeTime } from '@/lib/format.ts';
import { SAMPLE_RECENT_PURCHASES, type RecentPurchaseItem } from '../data/recent-purchases-sample.ts';
import { initialRotation, RECENT_ROTATE_MS, rotate } from './recent-purchases-rotation.ts';

export type { RecentPurchaseItem } from '../data/recent-purchases-sample.ts';

/**
 * The Recent Purchases panel; `items` replaces the sample entries when given. From 1280 px it floats at the bottom
 * left, folded to an icon that fits in the margin beside the page's cards (the store's widest row leaves 64 px), so
 * it covers none of them; narrower, no margin is left, so it sits at the end of the page instead of over a card. It
 * folds again when focus moves elsewhere on the page, so a keyboard user's focused card is never under it. Floating
 * and folded, it passes under the page's figures (their Online/Offline mark is never hidden by it); open, it is above
 * the page. The rotation runs either way.
 */
export function RecentPurchasesPanel({ items = SAMPLE_RECENT_PURCHASES }: { items?: readonly RecentPurchaseItem[] }) {
  const [state, setState] = useState(() => initialRotation(items));
  const [open, setOpen] = useState(false);
  const listId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const foldWhenFocusLeaves = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('focusin', foldWhenFocusLeaves);
    return () => document.removeEventListener('focusin', foldWhenFocusLeaves);
  }, [open]);

  useEffect(() => {
    setState(initialRotation(items));
    const timer = setInterval(() => setState((current) => rotate(current, items)), RECENT_ROTATE_MS);
    return () => clearInterval(timer);
  }, [items]);

  return (
    <aside
      ref={panel}
      aria-label="Recent Purchases"
      className={`mx-auto mt-8 rounded-xl border border-bayou-600 bg-bayou-900/95 shadow-xl backdrop-blur xl:fixed xl:bottom-4 xl:left-4 xl:mt-0 ${open ? 'z-30 w-[calc(100vw-2rem)] max-w-xs' : 'z-10 w-fit'}`}
    >
      <h2 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          title={open ? undefined : 'Recent Purchases'}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className={`flex w-full items-center gap-2 rounded-xl text-left text-sm font-semibold text-gold-400 ${open ? 'px-4 py-3' : 'px-3 py-2'}`}
        >
          <ShoppingBag aria-hidden size={16} />
          {/* floating and folded it is an icon, the width of the margin it floats in */}
          <span className={open ? 'flex-1' : 'flex-1 xl:sr-only'}>Recent Purchases</span>
          {open ? <ChevronDown aria-hidden size={16} /> : <ChevronUp aria-hidden size={16} />}
        </button>
      </h2>
      <ul id={listId} hidden={!open} className="space-y-1 px-2 pb-2">
        {state.visible.map((entry, index) => (
          <li
            key={`${entry.name}-${entry.item}-${entry.purchasedAt}`}
            data-newest={index === 0 ? 'true' : undefined}
            className={`recent-entry rounded-lg px-2 py-1.5 text-xs ${index === 0 ? 'bg-moss-400/15 ring-1 ring-moss-400/50' : ''}`}
          >
            <div className="flex justify-between gap-2">
              <span className="font-semibold text-slate-100">{entry.name}</span>
              <span className="font-semibold text-moss-300">{formatPrice(entry.amount)}</span>
            </div>
            <div className="flex justify-between gap-2 text-slate-300">
              <span className="truncate">{entry.item}</span>
              <span className="shrink-0">{formatRelativeTime(entry.purchasedAt)}</span>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
