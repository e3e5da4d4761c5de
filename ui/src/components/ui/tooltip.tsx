import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext, type ReactElement, type ReactNode } from 'react';

/** SPEC section 9: open after 700 ms, 300 ms to skip the delay between tooltips, 4 px from the trigger. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_OFFSET_PX = 4;

const InsideProvider = createContext(false);

/**
 * Shares the open and skip delays between the tooltips below it: wrap a page that shows several. It is not mounted for
 * the whole app, so pages without tooltips do not load their code; a lone `<Tooltip>` brings its own.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_OPEN_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <InsideProvider.Provider value>{children}</InsideProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

/**
 * `<Tooltip content="Five Level Whitelist Access"><a href="...">Priority Pass</a></Tooltip>`.
 * The trigger must be one focusable element (link or button): it opens on hover and on keyboard focus, Escape closes it.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  const tooltip = (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
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
  );
  return useContext(InsideProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
