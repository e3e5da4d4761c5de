import { useState, type FormEvent } from 'react';
import type { ProductTypeDto } from '@contract/catalogue.ts';
import type { CreateSaleRequest, SaleDto } from '@contract/promotions.ts';
import { Field, FormSection } from '@/components/ui/form-fields.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { dayAndTime } from '@/lib/dates.ts';
import { useCreateSale, useEndSale, useSales } from '../api/sales.ts';
import { CreateButton, ProductTypeChoice } from './form-parts.tsx';
import { appliesTo, ProductPicker, type ProductGroups, useCatalogueGroups } from './product-picker.tsx';

const COLUMNS = ['Sale', 'Discount', 'Applies to', 'Starts', 'Ends', 'State', 'Actions'];

const STATE_WORDS: Record<SaleDto['state'], string> = { scheduled: 'Not started', live: 'On now', ended: 'Ended' };

interface Draft {
  name: string;
  percent: string;
  types: ProductTypeDto[];
  productIds: string[];
  starts: string;
  ends: string;
}

const EMPTY: Draft = { name: '', percent: '', types: [], productIds: [], starts: '', ends: '' };

/** a date and time as the admin picked it, in their own time zone; empty: now (a start) */
const instant = (local: string) => (local ? new Date(local).toISOString() : new Date().toISOString());

function requestOf(draft: Draft): CreateSaleRequest {
  return {
    name: draft.name,
    percentOff: Number(draft.percent),
    productTypes: draft.types,
    productIds: draft.productIds,
    startsAt: instant(draft.starts),
    endsAt: instant(draft.ends),
  };
}

/** The Coupons screen's sales: a form for a new one, the list, and End now. */
export function SalesSection() {
  const products = useCatalogueGroups();
  const sales = useSales();
  const end = useEndSale();
  return (
    <section aria-labelledby="sales-heading" className="mt-12">
      <h2 id="sales-heading" className="font-display text-2xl font-bold text-white">
        Sales
      </h2>
      <p className="mt-2 text-sm text-slate-300" data-testid="sales-help">
        A sale takes a percent off the products it names, from its start to its end. The cards show the old price struck
        through and when the sale ends. A Priority Pass's sale lowers the first month of a pass bought for oneself, and
        all the months of a gifted pass, which is paid at once.
      </p>
      <SaleForm products={products} />
      <h3 className="mt-8 font-display text-xl font-bold text-white">All sales</h3>
      {end.error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {errorMessage(end.error)}
        </p>
      )}
      {sales.isPending || sales.error ? (
        <QueryState isPending={sales.isPending} error={sales.error} retry={() => void sales.refetch()} />
      ) : sales.data.length === 0 ? (
        <p className="mt-3 text-slate-300">No sales yet.</p>
      ) : (
        <StackedTable caption="Sales, newest first" columns={COLUMNS}>
          {sales.data.map((sale) => (
            <StackedRow key={sale.id} testId="sale-row">
              <StackedCell label="Sale">
                <span className="font-semibold">{sale.name}</span>
              </StackedCell>
              <StackedCell label="Discount">{sale.percentOff}% off</StackedCell>
              <StackedCell label="Applies to">{appliesTo(sale, products)}</StackedCell>
              <StackedCell label="Starts">{dayAndTime(sale.startsAt)}</StackedCell>
              <StackedCell label="Ends">{dayAndTime(sale.endsAt)}</StackedCell>
              <StackedCell label="State">{STATE_WORDS[sale.state]}</StackedCell>
              <StackedCell label="Actions">
                {sale.state === 'ended' ? (
                  '—'
                ) : (
                  <button
                    type="button"
                    onClick={() =>
                      end.mutate(sale.id, {
                        onSuccess: () => toast({ title: 'Sale ended', description: sale.name, variant: 'success' }),
                      })
                    }
                    disabled={end.isPending}
                    className="rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40"
                  >
                    End now<span className="sr-only">: {sale.name}</span>
                  </button>
                )}
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
    </section>
  );
}

function missingFields(draft: Draft): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!draft.name.trim()) missing.name = 'Name the sale.';
  if (!draft.percent.trim()) missing.percentOff = 'Give the percent off, 1 to 90.';
  if (!draft.ends) missing.endsAt = 'Choose when the sale ends.';
  return missing;
}

function SaleForm({ products }: { products: ProductGroups }) {
  const create = useCreateSale();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // the fields the form can tell are missing without asking the server; the server's reasons otherwise
  const [missing, setMissing] = useState<Record<string, string>>({});
  const issues = { ...fieldIssues(create.error), ...missing };
  const set = (key: 'name' | 'percent' | 'starts' | 'ends') => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = missingFields(draft);
    setMissing(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(requestOf(draft), {
      onSuccess: (sale) => {
        setDraft(EMPTY);
        toast({
          title: 'Sale created',
          description: `${sale.name}: ${sale.percentOff}% off until ${dayAndTime(sale.endsAt)}.`,
          variant: 'success',
        });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6">
      <FormSection title="New sale">
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label="Sale name" required error={issues.name}>
            {(props) => <input {...props} name="name" value={draft.name} onChange={set('name')} maxLength={100} />}
          </Field>
          <Field label="Percent off" required hint="1 to 90" error={issues.percentOff}>
            {(props) => (
              <input {...props} name="percent" inputMode="numeric" value={draft.percent} onChange={set('percent')} />
            )}
          </Field>
        </div>
        <ProductTypeChoice
          legend="Product types on sale (none ticked and no product chosen: everything)"
          types={draft.types}
          onChange={(types) => setDraft((current) => ({ ...current, types }))}
          error={issues.productTypes}
        />
        <ProductPicker
          label="Products on sale"
          groups={products}
          chosen={draft.productIds}
          onChange={(productIds) => setDraft((current) => ({ ...current, productIds }))}
          error={issues.productIds}
        />
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label="Starts" hint="Your time zone. Empty: now" error={issues.startsAt}>
            {(props) => (
              <input {...props} name="starts" type="datetime-local" value={draft.starts} onChange={set('starts')} />
            )}
          </Field>
          <Field label="Ends" required hint="Your time zone" error={issues.endsAt}>
            {(props) => (
              <input {...props} name="ends" type="datetime-local" value={draft.ends} onChange={set('ends')} />
            )}
          </Field>
        </div>
        <CreateButton label="Create sale" error={create.error} pending={create.isPending} />
      </FormSection>
    </form>
  );
}
