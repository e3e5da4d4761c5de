import { useState, type FormEvent } from 'react';
import { COUPON_CODE_MAX_LENGTH } from '@contract/promotions.ts';
import { CheckboxField, Field, FormSection } from '@/components/ui/form-fields.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { fieldIssues } from '@/lib/api-client.ts';
import { useCreateCoupon } from '../api/coupons.ts';
import { type CouponDraft, draftProblems, EMPTY_DRAFT, requestOf } from './coupon-draft.ts';
import { readinessOf } from './coupon-words.ts';
import { CreateButton, ProductTypeChoice } from './form-parts.tsx';
import { ProductPicker, type ProductGroups } from './product-picker.tsx';

type Set = (key: keyof CouponDraft) => (event: { target: { value: string } }) => void;

/**
 * A new coupon with every term `coupons create` takes: code, percent or amount off, the product types and single
 * products it takes, its limits in all and per player, its first and last day, and the Priority Pass months it lowers.
 */
export function CouponForm({ products }: { products: ProductGroups }) {
  const create = useCreateCoupon();
  const [draft, setDraft] = useState<CouponDraft>(EMPTY_DRAFT);
  // the fields the form can tell are wrong without asking the server; the server's reasons otherwise
  const [problems, setProblems] = useState<Record<string, string>>({});
  const server = fieldIssues(create.error);
  const issues: Record<string, string | undefined> = {
    ...server,
    value: server.percentOff ?? server.amountOff ?? server.amountOffCents,
    ...problems,
  };
  const set: Set = (key) => (event) => setDraft((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = draftProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return create.reset();
    create.mutate(requestOf(draft), {
      onSuccess: (coupon) => {
        setDraft(EMPTY_DRAFT);
        const usable = coupon.state === 'active' || coupon.state === 'scheduled';
        toast({
          title: usable ? 'Coupon created' : 'Coupon created, but not usable',
          description: readinessOf(coupon),
          variant: usable ? 'success' : 'default',
        });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-6">
      <FormSection title="New coupon">
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label="Code" required hint="3 to 32 letters, digits, dashes or underscores" error={issues.code}>
            {(props) => (
              <input
                {...props}
                name="code"
                value={draft.code}
                onChange={set('code')}
                autoComplete="off"
                maxLength={COUPON_CODE_MAX_LENGTH}
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
            hint={draft.kind === 'percent' ? '1 to 100' : 'Like 5 or 2.50'}
            error={issues.value}
          >
            {(props) => (
              <input {...props} name="value" inputMode="decimal" value={draft.value} onChange={set('value')} />
            )}
          </Field>
        </div>
        <ProductTypeChoice
          legend="Product types it takes (none ticked and no product chosen: everything)"
          types={draft.types}
          onChange={(types) => setDraft((current) => ({ ...current, types }))}
          error={issues.productTypes}
        />
        <ProductPicker
          label="Single products it takes"
          groups={products}
          chosen={draft.productIds}
          onChange={(productIds) => setDraft((current) => ({ ...current, productIds }))}
          error={issues.productIds}
        />
        <LimitFields draft={draft} set={set} issues={issues} />
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <Field label="Priority Pass months" hint="Monthly charges the discount lowers" error={issues.months}>
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

/** Uses in all and per player, and the first and last day a checkout takes the coupon. */
function LimitFields({
  draft,
  set,
  issues,
}: {
  draft: CouponDraft;
  set: Set;
  issues: Record<string, string | undefined>;
}) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Field label="Uses in all" hint="Empty: no limit" error={issues.maxUses}>
        {(props) => (
          <input {...props} name="maxUses" inputMode="numeric" value={draft.maxUses} onChange={set('maxUses')} />
        )}
      </Field>
      <Field label="Uses per player" hint="Empty: no limit" error={issues.perPlayer}>
        {(props) => (
          <input {...props} name="perPlayer" inputMode="numeric" value={draft.perPlayer} onChange={set('perPlayer')} />
        )}
      </Field>
      <Field label="Starts on" hint="Your time zone. Empty: now" error={issues.startsAt}>
        {(props) => <input {...props} name="starts" type="date" value={draft.starts} onChange={set('starts')} />}
      </Field>
      <Field label="Expires after" hint="The end of that day. Empty: never" error={issues.expiresAt}>
        {(props) => <input {...props} name="expires" type="date" value={draft.expires} onChange={set('expires')} />}
      </Field>
    </div>
  );
}
