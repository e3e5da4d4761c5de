import { useLocation } from 'react-router-dom';
import { signInPath } from '@/features/auth';

/** A signed-out visitor is asked to sign in, and comes back to `returnTo` (this page by default) afterwards. */
export function SignInPrompt({ title, text, returnTo }: { title: string; text: string; returnTo?: string }) {
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <title>{`${title} | Bayou Roleplay`}</title>
      <h1 className="font-display text-3xl font-bold text-gold-400">{title}</h1>
      <p className="mt-4 text-slate-300">{text}</p>
      <a
        href={signInPath(back)}
        className="mt-8 inline-block rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        Sign in with Discord
      </a>
    </section>
  );
}
