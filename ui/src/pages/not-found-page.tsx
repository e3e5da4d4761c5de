import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Page Not Found | Bayou Roleplay</title>
      <h1 className="font-display text-3xl font-bold text-gold-400">404 Page Not Found</h1>
      <p className="mt-4 text-slate-300">Did you forget to add the page to the router?</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Return Home
      </Link>
    </section>
  );
}
