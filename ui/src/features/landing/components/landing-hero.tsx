import { useEffect, useState } from 'react';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { signInPath } from '@/features/auth';
import { useFlavourPhrase } from '@/features/flavour';
import { prefersReducedMotion, useTypewriter } from '../hooks/use-typewriter.ts';

export const LANDING_SUBTITLE =
  "Louisiana's premier FiveM roleplay server. Priority passes, gang packages and custom add-ons, delivered through Discord.";
/** The title fades in, then its gradient part; the subtitle starts typing once both are on screen. */
export const TITLE_ANIMATION_MS = 900;

export function LandingHero() {
  const [instant] = useState(prefersReducedMotion);
  const [titleShown, setTitleShown] = useState(instant);
  const [typed, setTyped] = useState(instant);

  useEffect(() => {
    if (instant) return;
    const timer = setTimeout(() => setTitleShown(true), TITLE_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [instant]);

  return (
    <section
      aria-labelledby="landing-title"
      className="relative overflow-hidden bg-gradient-to-b from-bayou-800 to-bayou-950 px-4 pb-16 pt-12 text-center"
    >
      <img
        src={brand.logo}
        alt={`${brand.name} logo`}
        width={112}
        height={112}
        className="mx-auto h-24 w-24 sm:h-28 sm:w-28"
      />
      <h1 id="landing-title" className="mt-6 font-display text-4xl font-bold leading-tight text-slate-50 sm:text-6xl">
        <span className="animate-title-in block">Welcome to</span>{' '}
        <span className="animate-title-in-late -mb-[0.15em] block bg-gradient-to-r pb-[0.15em] from-gold-400 via-moss-300 to-gold-400 bg-clip-text text-transparent">
          {brand.name}
        </span>
      </h1>
      <TypedSubtitle start={titleShown} instant={instant} onDone={setTyped} />
      <div className="mt-8 flex min-h-[3rem] flex-wrap justify-center gap-3">{typed && <HeroButtons />}</div>
    </section>
  );
}

/** Only this paragraph re-renders while the subtitle is typed. */
function TypedSubtitle({ start, instant, onDone }: { start: boolean; instant: boolean; onDone: (done: true) => void }) {
  const { ref, done } = useTypewriter<HTMLSpanElement>(LANDING_SUBTITLE, { start, instant });
  useEffect(() => {
    if (done) onDone(true);
  }, [done, onDone]);
  return (
    <p className="relative mx-auto mt-6 max-w-2xl text-lg text-slate-200 sm:text-xl">
      <span className="sr-only">{LANDING_SUBTITLE}</span>
      {/* The invisible full text holds the paragraph's final size, so typing never shifts the page. */}
      <span aria-hidden className="invisible">
        {LANDING_SUBTITLE}
      </span>
      <span aria-hidden className="absolute inset-0">
        <span ref={ref} data-testid="typewriter" />
        {!done && <span className="ml-0.5 inline-block w-2 border-r-2 border-gold-400">&nbsp;</span>}
      </span>
    </p>
  );
}

function HeroButtons() {
  const discordPhrase = useFlavourPhrase('discord');
  return (
    <>
      <Tooltip content="Sign in with Discord to browse the store">
        <a
          href={signInPath(paths.priorityPass)}
          className="animate-fade-in rounded-lg bg-gold-500 px-6 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
        >
          Login &amp; Shop
        </a>
      </Tooltip>
      <Tooltip content={`${discordPhrase} Opens in a new tab.`}>
        <a
          href={brand.discordInvite}
          aria-description={discordPhrase}
          target="_blank"
          rel="noopener noreferrer"
          className="animate-fade-in rounded-lg border border-moss-400 px-6 py-3 font-semibold text-moss-300 hover:bg-bayou-800"
        >
          Join Discord
        </a>
      </Tooltip>
    </>
  );
}
