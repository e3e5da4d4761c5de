import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { useProducts } from '@/features/catalogue';
import { AddonCard } from './addon-card.tsx';
import { ShopPhrase } from './shop-phrase.tsx';

export default function AddonsPage() {
  const addons = useProducts('addon');
  return (
    <div className="pb-16">
      <PageHeading title="Add-ons" description="Tattoos, vehicles, chains and more to make your character yours.">
        <ShopPhrase />
      </PageHeading>
      <QueryState isPending={addons.isPending} error={addons.error} retry={() => addons.refetch()} />
      {addons.data && (
        <ul aria-label="Add-ons" className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-3">
          {addons.data.map((addon) => (
            <li key={addon.id} className="flex">
              <AddonCard addon={addon} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
