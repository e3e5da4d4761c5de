import { lazy, Suspense } from 'react';
import { brand } from '@/config/brand.ts';
import { useCurrentUser } from '@/features/auth/api/current-user.ts';
import { MarketingLanding } from '@/features/landing/components/marketing-landing.tsx';

// Most visitors are signed out: the landing ships with this page, the players' home follows once it is needed.
const HomeContent = lazy(async () => ({
  default: (await import('@/features/home/components/home-content.tsx')).HomeContent,
}));

const placeholder = <div className="min-h-screen" aria-busy="true" />;

/** `/`: the marketing landing for signed-out visitors, the home for signed-in players. */
export default function HomePage() {
  const { isSignedIn } = useCurrentUser();
  return (
    <>
      <title>{`${brand.name} | Louisiana FiveM Roleplay`}</title>
      <meta
        name="description"
        content={`${brand.name}: Louisiana-themed FiveM roleplay. Five levels of priority pass, gang packages, add-ons and unban services, delivered via Discord.`}
      />
      {/* Until the sign-in state is known, hold the space rather than flash the wrong page. */}
      {isSignedIn === undefined ? (
        placeholder
      ) : isSignedIn ? (
        <Suspense fallback={placeholder}>
          <HomeContent />
        </Suspense>
      ) : (
        <MarketingLanding />
      )}
    </>
  );
}
