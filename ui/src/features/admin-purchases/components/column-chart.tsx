import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';

/** One series of a chart: a value per category. */
export interface ChartSeries {
  label: string;
  /** a fill with at least 3:1 contrast on the card */
  color: string;
  values: number[];
}

interface ColumnChartProps {
  title: string;
  /** one sentence for screen readers and under the title: what the chart shows, with its total or extremes */
  summary: string;
  xLabel: string;
  yLabel: string;
  /** the label of each category on the x axis (short; a line break splits it over two lines) */
  categories: string[];
  series: ChartSeries[];
  /** several series: stacked in one column, or side by side */
  layout?: 'stacked' | 'grouped';
  /** a value as the axis and the hover text write it */
  format: (value: number) => string;
  /** whole numbers only (counts): no tick between two whole numbers */
  whole?: boolean;
  /** the same figures as a table, for screen readers and for reading exact values */
  table: { columns: string[]; rows: ReactNode[][] };
  /** a test id for the figure */
  testId: string;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 56, left: 56 };
/** about how wide a character of an x-axis label is, at its 10 px */
const CHARACTER_PX = 5.5;

/** the smallest 1, 2 or 5 times a power of ten at or above `value` (1 for nothing) */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** the width the element is laid out at, followed as the window changes */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * A column chart drawn as SVG: a title, a y axis with its label and three ticks, the x axis's label and as many
 * category labels as fit, a legend when there are several series, and a "Show as table" disclosure with the figures.
 * It takes the width it is given (a phone's too); the image is named by its title and summary.
 */
export function ColumnChart({
  title,
  summary,
  xLabel,
  yLabel,
  categories,
  series,
  layout = 'stacked',
  format,
  whole = false,
  table,
  testId,
}: ColumnChartProps) {
  const id = useId();
  const [box, width] = useWidth<HTMLDivElement>();
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const totals = categories.map((_, index) =>
    layout === 'stacked'
      ? series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0)
      : Math.max(0, ...series.map((one) => one.values[index] ?? 0)),
  );
  const top = niceCeiling(Math.max(0, ...totals));
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const slot = categories.length ? plotWidth / categories.length : 0;
  const barWidth = Math.max(1, slot * 0.75);
  // as many category labels as fit side by side: every one, or every second, third...
  const longest = Math.max(0, ...categories.flatMap((category) => category.split('\n').map((line) => line.length)));
  const labelPx = longest * CHARACTER_PX + 6;
  const every = Math.max(1, Math.ceil(categories.length / Math.max(1, Math.floor(plotWidth / labelPx))));
  const ticks = whole && top % 2 ? [0, top] : [0, top / 2, top];

  return (
    <figure
      className="min-w-0 rounded-xl border border-bayou-700 bg-bayou-900 p-4"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <figcaption>
        <h3 id={`${id}-title`} className="font-display text-lg font-bold text-white">
          {title}
        </h3>
        <p id={`${id}-summary`} className="mt-1 text-sm text-slate-300">
          {summary}
        </p>
      </figcaption>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-200" aria-label="Legend">
          {series.map((one) => (
            <li key={one.label} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: one.color }} />
              {one.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={box} className="mt-3 w-full">
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-summary`}
            className="block max-w-full"
          >
            <title>{title}</title>
            {ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + plotWidth}
                  y1={y(tick)}
                  y2={y(tick)}
                  stroke="#265340"
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text x={MARGIN.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#cbd5e1">
                  {format(tick)}
                </text>
              </g>
            ))}
            <text
              transform={`translate(12 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
              textAnchor="middle"
              fontSize="11"
              fill="#cbd5e1"
            >
              {yLabel}
            </text>
            {categories.map((category, index) => {
              const left = MARGIN.left + index * slot + (slot - barWidth) / 2;
              // under its column, but held inside the image (with room for the estimate's error): the last label, today's,
              // would stick out past the edge
              const halfLabel = (Math.max(...category.split('\n').map((line) => line.length)) * CHARACTER_PX) / 2;
              const labelX = Math.min(MARGIN.left + index * slot + slot / 2, width - halfLabel - 3);
              let base = 0;
              return (
                <g key={category}>
                  {series.map((one, order) => {
                    const value = one.values[index] ?? 0;
                    if (value <= 0) return null;
                    const grouped = layout === 'grouped';
                    const w = grouped ? barWidth / series.length : barWidth;
                    const x = grouped ? left + order * w : left;
                    const from = grouped ? 0 : base;
                    base += value;
                    return (
                      <rect
                        key={one.label}
                        x={x}
                        y={y(from + value)}
                        width={Math.max(1, w - (grouped ? 1 : 0))}
                        height={Math.max(1, y(from) - y(from + value))}
                        fill={one.color}
                      >
                        <title>{`${category.replace('\n', ' ')}: ${series.length > 1 ? `${one.label} ` : ''}${format(value)}`}</title>
                      </rect>
                    );
                  })}
                  {/* counted back from the last, so the newest category (today, this week) always has its label */}
                  {(categories.length - 1 - index) % every === 0 && (
                    <text x={labelX} y={MARGIN.top + plotHeight + 16} textAnchor="middle" fontSize="10" fill="#cbd5e1">
                      {category.split('\n').map((line, number) => (
                        <tspan key={line} x={labelX} dy={number ? 12 : 0}>
                          {line}
                        </tspan>
                      ))}
                    </text>
                  )}
                </g>
              );
            })}
            <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="11" fill="#cbd5e1">
              {xLabel}
            </text>
          </svg>
        )}
      </div>
      <details className="mt-2 text-sm text-slate-200">
        <summary className="cursor-pointer text-gold-400 hover:underline">Show as table</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls here, by keyboard too */}
        <section className="mt-2 max-h-80 overflow-auto" tabIndex={0} aria-label={`${title}: table`}>
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col" className="whitespace-nowrap border-b border-bayou-700 px-2 py-1">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are the categories, in a fixed order
                <tr key={index}>
                  {row.map((cell, column) =>
                    column === 0 ? (
                      <th key={table.columns[column]} scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={table.columns[column]} className="whitespace-nowrap px-2 py-1 tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
