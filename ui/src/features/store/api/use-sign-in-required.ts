import { useEffect } from 'react';
import { toast } from '@/components/ui/toast-store.ts';
import { currentPagePath, signInPath, useCurrentUser } from '@/features/auth';

export const SIGN_IN_REDIRECT_MS = 1000;

/**
 * docs/product.md#checkout-pages: a signed-out buyer is told to log in, then sent to sign in after 1 s. The sign-in returns to
 * this page as it is then (its product in the address), so the buyer lands where they pressed Purchase. Nothing
 * happens until the page knows its item can be bought (`forItem`): a link to a product that does not exist says so, and
 * sends nobody to sign in for it.
 */
export function useSignInRequired(forItem = true) {
  const current = useCurrentUser();
  useEffect(() => {
    if (current.isSignedIn !== false || !forItem) return;
    toast({
      title: 'Authentication Required',
      description: 'Please log in to make a purchase.',
      variant: 'destructive',
    });
    const timer = setTimeout(() => window.location.assign(signInPath(currentPagePath())), SIGN_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [current.isSignedIn, forItem]);
  return current;
}
