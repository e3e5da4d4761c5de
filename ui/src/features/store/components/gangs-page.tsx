import { useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { stripeCheckoutPath } from '@/config/paths.ts';
import { useProducts } from '@/features/catalogue';
import { buyButtonText } from '@/features/catalogue';
import { buyButton, ProductCard } from './product-card.tsx';
import { ShopPhrase } from './shop-phrase.tsx';

const steps = [
  { title: 'Leadership review', text: 'Staff review your gang concept and leadership.' },
  { title: 'In-character interview', text: 'Your leaders meet staff in character.' },
  { title: 'Integration', text: 'Your gang is placed in the city with its turf and colours.' },
];

export default function GangsPage() {
  const gangs = useProducts('gang');
  const navigate = useNavigate();
  return (
    <div className="pb-16">
      <PageHeading
        title="Gang Applications"
        description="From a Starter Gang to the Swamp Syndicate: run your crew in the bayou."
      >
        <ShopPhrase />
      </PageHeading>
      <QueryState isPending={gangs.isPending} error={gangs.error} retry={() => gangs.refetch()} />
      {gangs.data && (
        <ul aria-label="Gang packages" className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
          {gangs.data.map((gang) => (
            <li key={gang.id} className="flex">
              <ProductCard product={gang} badge={gang.recommended ? 'Recommended' : undefined}>
                {(price) => (
                  <button
                    type="button"
                    className={buyButton}
                    onClick={() => navigate(stripeCheckoutPath('gang', gang.id))}
                  >
                    {buyButtonText(gang, price.now)}
                  </button>
                )}
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="gang-process" className="mx-auto mt-12 max-w-5xl px-4">
        <h2 id="gang-process" className="text-center font-display text-2xl font-bold text-gold-400">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
              <p className="text-sm font-bold text-moss-300">Step {index + 1}</p>
              <h3 className="mt-1 font-semibold text-white">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
