import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type RadixTooltip from './radix-tooltip.tsx';
import { whenIdle } from '@/lib/when-idle.ts';

export { TOOLTIP_OFFSET_PX, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip-timing.ts';

let implementation: typeof RadixTooltip | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the tooltips' code (Radix and Floating UI, 13 KB) once: when the page has drawn and the browser is idle, or at
 * the first hover or focus of a trigger, whichever comes first. It is not part of any page's first load.
 */
export function loadTooltips(): Promise<void> {
  loading ??= import('./radix-tooltip.tsx').then((module) => {
    implementation = module.default;
    for (const listener of listeners) listener();
  });
  return loading;
}

/**
 * `<Tooltip content="Five Level Whitelist Access"><a href="...">Priority Pass</a></Tooltip>`.
 * The trigger must be one focusable element (link or button): it opens on hover and on keyboard focus (after 700 ms,
 * at once within 300 ms of another closing), Escape closes it. Until its code arrives the trigger is drawn alone; a
 * trigger hovered or focused meanwhile keeps its hover and focus, and its tooltip opens as if the code had been there.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactElement<{ ref?: Ref<HTMLElement> }>;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  // A page's triggers all take their tooltips on when the code arrives: as a transition, drawn in short slices rather
  // than in one long task (a store's update would be drawn at once). One mounted after they arrived has its own at once.
  const [Implementation, setImplementation] = useState(() => implementation);
  const trigger = useRef<HTMLElement | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const loaded = useRef(Boolean(Implementation));

  useEffect(() => {
    if (Implementation) return;
    const arrived = () => startTransition(() => setImplementation(() => implementation));
    if (implementation) {
      arrived();
      return;
    }
    listeners.add(arrived);
    const cancel = whenIdle(() => void loadTooltips());
    return () => {
      listeners.delete(arrived);
      cancel();
    };
  }, [Implementation]);

  // The code arrived while the trigger was in use: the trigger drawn by the tooltip takes over its focus and hover.
  useLayoutEffect(() => {
    if (!Implementation || loaded.current) return;
    loaded.current = true;
    const element = trigger.current;
    if (!element) return;
    if (focused.current) element.focus();
    else if (hovered.current)
      element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
  }, [Implementation]);

  if (Implementation) {
    return (
      <Implementation content={content} side={side}>
        {cloneElement(children, { ref: trigger })}
      </Implementation>
    );
  }
  const startLoading = () => void loadTooltips();
  return cloneElement(children as ReactElement<Record<string, unknown>>, {
    ref: trigger,
    onPointerEnter: () => {
      hovered.current = true;
      startLoading();
    },
    onPointerLeave: () => {
      hovered.current = false;
    },
    onFocus: () => {
      focused.current = true;
      startLoading();
    },
    onBlur: () => {
      focused.current = false;
    },
  });
}
