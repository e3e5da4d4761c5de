import { LogIn } from 'lucide-react';
import { PageHeading } from '@/components/ui/page-heading.tsx';
import { paths } from '@/config/paths.ts';
import { SignInSetup } from './sign-in-setup.tsx';

/** /domain-helper: the same facts as /discord-debug, ready to copy, and a test login. */
export default function DomainHelperPage() {
  return (
    <>
      <PageHeading
        title="Domain Helper"
        description="Copy these values into the Discord Developer Portal, then try a test login."
      />
      <div className="mx-auto max-w-2xl space-y-6 px-4 pb-16">
        <SignInSetup copyable />
        <a
          href={paths.login}
          className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
        >
          <LogIn aria-hidden size={18} />
          Test Login
        </a>
      </div>
    </>
  );
}
