import type { ProductTypeDto } from '@contract/catalogue.ts';
import { CheckboxField } from '@/components/ui/form-fields.tsx';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';

export const PRODUCT_TYPE_LABELS: Array<{ type: ProductTypeDto; label: string }> = [
  { type: 'whitelist', label: 'Priority Pass' },
  { type: 'gang', label: 'Gang packages' },
  { type: 'addon', label: 'Add-ons' },
  { type: 'unban', label: 'Unbans' },
];

/** The product types a coupon or a sale applies to, as a row of checkboxes. */
export function ProductTypeChoice({
  legend,
  types,
  onChange,
  error,
}: {
  legend: string;
  types: ProductTypeDto[];
  onChange: (types: ProductTypeDto[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-4">
        {PRODUCT_TYPE_LABELS.map(({ type, label }) => (
          <CheckboxField
            key={type}
            label={label}
            checked={types.includes(type)}
            onChange={(checked) => onChange(checked ? [...types, type] : types.filter((t) => t !== type))}
          />
        ))}
      </div>
      {error && <p className="text-sm text-red-300">{error}</p>}
    </fieldset>
  );
}

/** A refusal in words: a 400's reasons alone (its summary names the fields), else the server's message. */
export function refusalText(error: unknown): string {
  const reasons = [...new Set(Object.values(fieldIssues(error)))];
  return reasons.length > 0 ? reasons.join(' ') : errorMessage(error);
}

/** A create form's foot: the server's refusal, and the submit button (busy while the request is out). */
export function CreateButton({ label, error, pending }: { label: string; error: unknown; pending: boolean }) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-300">
          {refusalText(error)}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {pending ? 'Creating…' : label}
        </button>
      </div>
    </>
  );
}
