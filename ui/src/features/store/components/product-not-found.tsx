import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';

export function ProductNotFound() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <title>Product Not Found | Bayou Roleplay</title>
      <h1 className="font-display text-3xl font-bold text-gold-400">Product Not Found</h1>
      <p className="mt-3 text-slate-300">The product you're looking for doesn't exist.</p>
      <Link
        to={paths.home}
        className="mt-6 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Return Home
      </Link>
    </div>
  );
}
