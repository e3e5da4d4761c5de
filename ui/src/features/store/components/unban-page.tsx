import { AlertTriangle } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { stripeCheckoutPath } from '@/config/paths.ts';
import { useProducts } from '@/features/catalogue';
import { buyButtonText } from '@/features/catalogue';
import { saveCheckoutData } from '../api/checkout-data.ts';
import { buyButton, ProductCard } from './product-card.tsx';
import { ShopPhrase } from './shop-phrase.tsx';

const steps = [
  { title: 'Purchase', text: 'Buy the unban service that matches your ban.' },
  { title: 'Review', text: "Senior staff review your case within the processing time on its service's card." },
  { title: 'Unban', text: 'If approved, your ban is lifted and you are notified on Discord.' },
];

export default function UnbanPage() {
  const unbans = useProducts('unban');
  const navigate = useNavigate();
  return (
    <div className="pb-16">
      <PageHeading title="Unban Services" description="A paid review of your ban by senior staff.">
        <ShopPhrase />
      </PageHeading>
      <QueryState isPending={unbans.isPending} error={unbans.error} retry={() => unbans.refetch()} />
      {unbans.data && (
        <ul aria-label="Unban services" className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
          {unbans.data.map((unban) => (
            <li key={unban.id} className="flex">
              <ProductCard product={unban} badge={unban.recommended ? 'Recommended' : undefined}>
                {(price) => (
                  <button
                    type="button"
                    className={buyButton}
                    aria-label={`${buyButtonText(unban, price.now)}: ${unban.name}`}
                    onClick={() => {
                      saveCheckoutData({
                        productType: 'unban',
                        productId: unban.id,
                        productName: unban.name,
                        price: price.now ?? 0,
                      });
                      // the link carries the choice through sign-in; the stored copy is the hand-off record
                      navigate(stripeCheckoutPath('unban', unban.id));
                    }}
                  >
                    {buyButtonText(unban, price.now)}
                  </button>
                )}
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="unban-process" className="mx-auto mt-12 max-w-5xl px-4">
        <h2 id="unban-process" className="text-center font-display text-2xl font-bold text-gold-400">
          The 3-step process
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-bayou-700 bg-bayou-900 p-5">
              <p className="text-sm font-bold text-moss-300">
                {index + 1}. {step.title}
              </p>
              <p className="mt-1 text-sm text-slate-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <aside
        aria-label="Important notice"
        className="mx-auto mt-8 flex max-w-5xl gap-3 rounded-xl border border-red-500/40 bg-red-950/30 p-5 text-sm text-red-100 mx-4 md:mx-auto"
      >
        <AlertTriangle aria-hidden className="shrink-0 text-red-300" />
        <p>
          Important: a paid unban does not guarantee approval. Harassment and doxxing cases are not eligible. Unbans are
          final sale and need your Discord username and the ban reason (you give both at checkout); repeat offenders may
          be ineligible. Senior staff decisions are final and binding.
        </p>
      </aside>
    </div>
  );
}
