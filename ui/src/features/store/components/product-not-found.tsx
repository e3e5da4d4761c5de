import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';

const STORE_PAGES: Record<string, { to: string; label: string }> = {
  whitelist: { to: paths.priorityPass, label: 'Back to Priority Pass' },
  gang: { to: paths.gangs, label: 'Back to Gang Packages' },
  addon: { to: paths.addons, label: 'Back to Add-ons' },
  unban: { to: paths.unban, label: 'Back to Unban Services' },
};

/** 'Product Not Found' (docs/product.md#checkout-pages), with a way back to the store page the link pointed into. */
export function ProductNotFound({ type }: { type?: string }) {
  const store = STORE_PAGES[type ?? ''] ?? { to: paths.priorityPass, label: 'Browse the store' };
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <title>Product Not Found | Bayou Roleplay</title>
      <h1 className="font-display text-3xl font-bold text-gold-400">Product Not Found</h1>
      <p className="mt-3 text-slate-300">The product you're looking for doesn't exist.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link
          to={store.to}
          className="inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
        >
          {store.label}
        </Link>
        <Link
          to={paths.home}
          className="inline-block rounded-md border border-bayou-600 px-4 py-2 font-semibold text-slate-200 hover:bg-bayou-800"
        >
          Return Home
        </Link>
      </div>
    </div>
  );
}
