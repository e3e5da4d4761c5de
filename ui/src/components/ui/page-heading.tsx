import type { ReactNode } from 'react';

/** The page's title in the tab, its meta description, and its one h1. */
export function PageHeading({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mx-auto max-w-4xl px-4 pb-6 pt-10 text-center">
      <title>{`${title} | Bayou Roleplay`}</title>
      {description && <meta name="description" content={description} />}
      <h1 className="font-display text-3xl font-bold text-gold-400 sm:text-4xl">{title}</h1>
      {description && <p className="mt-3 text-slate-300">{description}</p>}
      {children}
    </header>
  );
}
