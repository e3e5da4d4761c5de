/** docs/product.md#texts-and-timings: open after 700 ms, 300 ms to skip the delay between tooltips, 4 px from the trigger. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOOLTIP_OFFSET_PX = 4;
