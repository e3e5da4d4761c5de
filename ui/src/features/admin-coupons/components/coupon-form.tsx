import { useState, type FormEvent } from 'react';
import type { ProductTypeDto } from '@contract/catalogue.ts';
import type { CreateCouponRequest } from '@contract/promotions.ts';
import { CheckboxField, Field, FormSection } from '@/components/ui/form-fields.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { fieldIssues } from '@/lib/api-client.ts';
import { useCreateCoupon } from '../api/coupons.ts';
import { CreateButton, ProductTypeChoice } from './form-parts.tsx';

interface Draft {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  types: ProductTypeDto[];
  maxUses: string;
  perPlayer: string;
  expires: string;
  months: string;
  forever: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  types: [],
  maxUses: '',
  perPlayer: '',
  expires: '',
  months: '1',
  forever: false,
};

const count = (value: string) => (value.trim() === '' ? null : Number(value));

function requestOf(draft: Draft): CreateCouponRequest {
  const value = Number(draft.value);
  return {
    code: draft.code,
    ...(draft.kind === 'percent' ? { percentOff: value } : { amountOff: value }),
    productTypes: draft.types,
    maxUses: count(draft.maxUses),
    perPlayer: count(draft.perPlayer),
    // the end of the chosen day, in the admin's own time
    expiresAt: draft.expires ? new Date(`${draft.expires}T23:59:59`).toISOString() : null,
    months: draft.forever ? 'forever' : (count(draft.months) ?? 1),
  };
}

/** A new coupon: code, percent or amount off, the product types it takes, its limits and its end. */
export function CouponForm() {
  const create = useCreateCoupon();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const issues = fieldIssues(create.error);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(requestOf(draft), {
      onSuccess: (coupon) => {
        setDraft(EMPTY);
        toast({ title: 'Coupon created', description: `${coupon.code} can be used now.`, variant: 'success' });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6">
      <FormSection title="New coupon">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Code" required error={issues.code}>
            {(props) => (
              <input
                {...props}
                name="code"
                value={draft.code}
                onChange={set('code')}
                autoComplete="off"
                maxLength={32}
              />
            )}
          </Field>
          <Field label="Discount type">
            {(props) => (
              <select {...props} name="kind" value={draft.kind} onChange={set('kind')}>
                <option value="percent">Percent off</option>
                <option value="amount">Dollars off</option>
              </select>
            )}
          </Field>
          <Field
            label={draft.kind === 'percent' ? 'Percent off' : 'Dollars off'}
            required
            error={issues.percentOff ?? issues.amountOff ?? issues.amountOffCents}
          >
            {(props) => (
              <input {...props} name="value" inputMode="decimal" value={draft.value} onChange={set('value')} />
            )}
          </Field>
        </div>
        <ProductTypeChoice
          legend="Applies to (none ticked: everything)"
          types={draft.types}
          onChange={(types) => setDraft((current) => ({ ...current, types }))}
          error={issues.productTypes}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Uses in all" hint="Empty: no limit" error={issues.maxUses}>
            {(props) => (
              <input {...props} name="maxUses" inputMode="numeric" value={draft.maxUses} onChange={set('maxUses')} />
            )}
          </Field>
          <Field label="Uses per player" hint="Empty: no limit" error={issues.perPlayer}>
            {(props) => (
              <input
                {...props}
                name="perPlayer"
                inputMode="numeric"
                value={draft.perPlayer}
                onChange={set('perPlayer')}
              />
            )}
          </Field>
          <Field label="Expires after" hint="Empty: never" error={issues.expiresAt}>
            {(props) => <input {...props} name="expires" type="date" value={draft.expires} onChange={set('expires')} />}
          </Field>
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <Field label="Priority Pass months" hint="Monthly charges the discount covers" error={issues.months}>
            {(props) => (
              <input
                {...props}
                name="months"
                inputMode="numeric"
                value={draft.months}
                onChange={set('months')}
                disabled={draft.forever}
              />
            )}
          </Field>
          <CheckboxField
            label="Every month"
            checked={draft.forever}
            onChange={(forever) => setDraft((current) => ({ ...current, forever }))}
          />
        </div>
        <CreateButton label="Create coupon" error={create.error} pending={create.isPending} />
      </FormSection>
    </form>
  );
}
