import { PageHeading } from '@/components/ui/page-heading.tsx';
import { SignInSetup } from './sign-in-setup.tsx';

/** /discord-debug: what Discord must be told about this server. */
export default function DiscordDebugPage() {
  return (
    <>
      <PageHeading
        title="Discord Sign-in Setup"
        description="The domain and redirect address Discord sign-in needs for this server."
      />
      <div className="mx-auto max-w-2xl px-4 pb-16">
        <SignInSetup />
      </div>
    </>
  );
}
