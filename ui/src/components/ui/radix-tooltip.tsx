import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { type ReactElement, type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { TOOLTIP_OFFSET_PX, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip-timing.ts';

/** The tooltips open now, and when the last one closed: while one is open, or within the skip delay after, the next
 * opens at once (docs/product.md#texts-and-timings). */
const open = new Set<symbol>();
let lastClosedAt = Number.NEGATIVE_INFINITY;
const openDelay = () =>
  open.size > 0 || Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
function setOpen(id: symbol, isOpen: boolean) {
  if (isOpen) open.add(id);
  else if (open.delete(id)) lastClosedAt = Date.now();
}

/**
 * One Radix tooltip. Tooltips share their skip delay through this module rather than through a Radix provider around
 * the page, so a page's tooltips can arrive after the page without the page being drawn again.
 */
export default function RadixTooltip({
  content,
  children,
  side,
}: {
  content: ReactNode;
  children: ReactElement;
  side: 'top' | 'right' | 'bottom' | 'left';
}) {
  const [delay, setDelay] = useState(openDelay);
  const [id] = useState(() => Symbol('tooltip'));
  useEffect(() => () => setOpen(id, false), [id]);
  return (
    <TooltipPrimitive.Provider delayDuration={delay} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <TooltipPrimitive.Root onOpenChange={(isOpen) => setOpen(id, isOpen)}>
        <TooltipPrimitive.Trigger asChild onPointerEnter={() => flushSync(() => setDelay(openDelay()))}>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={TOOLTIP_OFFSET_PX}
            collisionPadding={8}
            className="tooltip-content z-50 max-w-xs rounded-md border border-bayou-600 bg-bayou-950 px-3 py-1.5 text-sm text-slate-100 shadow-md"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
