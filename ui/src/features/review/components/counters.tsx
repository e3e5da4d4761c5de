export function Counters({ label, items }: { label: string; items: { label: string; value: number | undefined }[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-bayou-700 bg-bayou-900 p-4">
          <dt className="text-sm text-slate-400">{item.label}</dt>
          <dd
            data-testid={`count-${item.label.toLowerCase().replace(/\s+/g, '-')}`}
            className="mt-1 text-2xl font-bold text-gold-400"
          >
            {item.value ?? '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The total, then one counter per status named: `[label, status]`. */
export function statusCounters(counts: Record<string, number> | undefined, statuses: [string, string][]) {
  return [
    { label: 'Total', value: counts && Object.values(counts).reduce((sum, n) => sum + n, 0) },
    ...statuses.map(([label, status]) => ({ label, value: counts?.[status] })),
  ];
}
