import { CreatorSection } from '@/features/creators';
import { MembershipSection } from '@/features/membership';
import { MyInterviewsSection } from '@/features/interviews';
import { useFlavourPhrase } from '@/features/flavour';
import { QueuePlace } from '@/features/queue';
import { AccessSummary } from './access-summary.tsx';
import { ApplicationsSection } from './applications-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { PurchasesSection } from './purchases-section.tsx';
import { TokenHistorySection } from './token-history-section.tsx';

/** The signed-in player's account: their queue place, access, pass, purchases, tokens, applications and their data. */
export default function SignedInAccount({ name }: { name: string }) {
  const phrase = useFlavourPhrase('profile');
  return (
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <header className="pb-2 pt-10 text-center">
        <title>My Account | Bayou Roleplay</title>
        <h1 className="font-display text-3xl font-bold text-gold-400 sm:text-4xl">My Account</h1>
        <p data-testid="flavour-phrase" className="mt-2 italic text-slate-300">
          {phrase}
        </p>
        <p className="mt-3 text-slate-200">
          Signed in as <span className="font-semibold text-white">{name}</span>
        </p>
      </header>
      <QueuePlace className="mt-6" />
      <AccessSummary />
      <MembershipSection />
      <PurchasesSection />
      <CreatorSection />
      <TokenHistorySection />
      <ApplicationsSection />
      <MyInterviewsSection />
      <PrivacySection />
    </div>
  );
}
