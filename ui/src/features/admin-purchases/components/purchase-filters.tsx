import { type FormEvent, useId, useState } from 'react';
import type { PurchaseStatusDto } from '@contract/purchases.ts';
import type { PurchaseFilters } from '../api/purchases.ts';
import { STATUS_LABELS } from './purchase-badges.tsx';

const PRODUCT_TYPES = [
  ['whitelist', 'Whitelist'],
  ['gang', 'Gang'],
  ['addon', 'Add-on'],
  ['unban', 'Unban'],
] as const;

const FIELD = 'mt-1 w-full min-w-0 rounded-md border border-bayou-600 bg-bayou-950 px-2 py-2 text-sm text-slate-100';
/** the browser draws the date fields' calendar button for a dark page, so it shows on the dark field */
const DATE_FIELD = `${FIELD} [color-scheme:dark]`;

/** The purchase list's filters; applied on submit, so typing a name does not ask the server at each key. */
export function PurchaseFiltersForm({
  filters,
  onChange,
}: {
  filters: PurchaseFilters;
  onChange: (next: PurchaseFilters) => void;
}) {
  const [draft, setDraft] = useState<PurchaseFilters>(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const set = (key: keyof PurchaseFilters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value || undefined }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setProblem('The start date must not be after the end date.');
      return;
    }
    setProblem(null);
    onChange(draft);
  };

  return (
    <form
      aria-label="Filter purchases"
      onSubmit={submit}
      className="mt-6 grid grid-cols-2 gap-3 rounded-xl border border-bayou-700 bg-bayou-900 p-4 lg:grid-cols-6"
    >
      <div className="min-w-0">
        <label htmlFor={`${id}-status`} className="text-sm text-slate-200">
          Status
        </label>
        <select id={`${id}-status`} value={draft.status ?? ''} onChange={set('status')} className={FIELD}>
          <option value="">Any status</option>
          {(Object.keys(STATUS_LABELS) as PurchaseStatusDto[]).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-type`} className="text-sm text-slate-200">
          Product type
        </label>
        <select id={`${id}-type`} value={draft.productType ?? ''} onChange={set('productType')} className={FIELD}>
          <option value="">Any type</option>
          {PRODUCT_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 min-w-0">
        <label htmlFor={`${id}-buyer`} className="text-sm text-slate-200">
          Buyer (name or Discord id)
        </label>
        <input
          id={`${id}-buyer`}
          type="search"
          value={draft.buyer ?? ''}
          onChange={set('buyer')}
          maxLength={100}
          className={FIELD}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-from`} className="text-sm text-slate-200">
          From
        </label>
        <input id={`${id}-from`} type="date" value={draft.from ?? ''} onChange={set('from')} className={DATE_FIELD} />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-to`} className="text-sm text-slate-200">
          To
        </label>
        <input id={`${id}-to`} type="date" value={draft.to ?? ''} onChange={set('to')} className={DATE_FIELD} />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 lg:col-span-6">
        <button
          type="submit"
          className="rounded-md bg-gold-500 px-4 py-2 text-sm font-semibold text-bayou-950 hover:bg-gold-400"
        >
          Apply filters
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft({});
            setProblem(null);
            onChange({});
          }}
          className="rounded-md border border-bayou-600 px-4 py-2 text-sm text-slate-100 hover:border-gold-400"
        >
          Clear
        </button>
        <label className="flex items-center gap-2 px-2 py-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={draft.unpaid === '1'}
            onChange={(event) => {
              // shown at once, with the filters as applied: a checkout no one tried to pay is no purchase
              const unpaid = event.target.checked ? ('1' as const) : undefined;
              setDraft((current) => ({ ...current, unpaid }));
              onChange({ ...filters, unpaid });
            }}
            className="h-4 w-4 accent-gold-500"
          />
          Show unpaid checkouts
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-300">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}
