import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useCurrentUser } from '@/features/auth';
import { SignInPrompt } from './sign-in-prompt.tsx';

/**
 * The signed-in account in a chunk of its own: the page a signed-out visitor is sent (prerendered, the sign-in prompt)
 * runs none of its sections' code. A document served with a session (not prerendered) asks for it at once, beside the
 * sign-in state.
 */
const loadSignedIn = () => import('./signed-in-account.tsx');
const SignedInAccount = lazy(loadSignedIn);
if (typeof document !== 'undefined' && document.getElementById('root')?.dataset.prerendered === undefined)
  void loadSignedIn();

// a screen tall, as the page loading before it: the footer stays below the fold instead of jumping
const loading = (label: string) => (
  <div className="min-h-screen">
    <Spinner label={label} />
  </div>
);

/** The player's own history: purchases with receipts, token changes, applications; and their data. */
export default function AccountPage() {
  const current = useCurrentUser();
  if (current.isSignedIn === undefined) return loading('Loading your account');
  if (!current.user)
    return (
      <div className="min-h-screen">
        <SignInPrompt
          title="Sign in to see your account"
          text="Your purchases, receipts, tokens and applications are shown to you once you sign in."
        />
      </div>
    );
  return (
    <Suspense fallback={loading('Loading your account')}>
      <SignedInAccount name={current.user.discordUsername ?? current.user.username ?? 'player'} />
    </Suspense>
  );
}
