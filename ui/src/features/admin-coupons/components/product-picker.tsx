import type { ProductDto } from '@contract/catalogue.ts';
import { Field } from '@/components/ui/form-fields.tsx';
import { useProducts } from '@/features/catalogue';
import { PRODUCT_TYPE_LABELS } from './form-parts.tsx';

export type ProductGroups = Array<{ label: string; products: ProductDto[] }>;

/** the catalogue's products by type, for the pickers and to name a coupon's or a sale's products */
export function useCatalogueGroups(): ProductGroups {
  const groups = [useProducts('whitelist'), useProducts('gang'), useProducts('addon'), useProducts('unban')];
  return PRODUCT_TYPE_LABELS.map(({ label }, index) => ({ label, products: groups[index]?.data ?? [] }));
}

/** What a coupon or a sale applies to, in the screen's words: its types, then its products by name. */
export function appliesTo(
  scope: { productTypes: readonly string[]; productIds: readonly string[] },
  groups: ProductGroups,
): string {
  const types = scope.productTypes.map((type) => PRODUCT_TYPE_LABELS.find((t) => t.type === type)?.label ?? type);
  const names = scope.productIds.map(
    (id) => groups.flatMap((group) => group.products).find((product) => product.id === id)?.name ?? id,
  );
  return [...types, ...names].join(', ') || 'Everything';
}

/** Single products, grouped by type (several may be chosen). */
export function ProductPicker({
  label,
  groups,
  chosen,
  onChange,
  error,
}: {
  label: string;
  groups: ProductGroups;
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  return (
    <Field label={label} hint="Optional. Hold Ctrl (or ⌘) to choose several." error={error}>
      {(props) => (
        <select
          {...props}
          name="productIds"
          multiple
          size={6}
          value={chosen}
          onChange={(event) => onChange([...event.target.selectedOptions].map((option) => option.value))}
        >
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
