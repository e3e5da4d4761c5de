import { useMutation } from '@tanstack/react-query';
import type { GrantResponse } from '@contract/grants.ts';
import { api } from '@/lib/api-client.ts';
import { withSecondFactor } from '@/features/security';

const grantPath = (id: string, what: 'resend' | 'done') => `/api/grants/${encodeURIComponent(id)}/${what}`;

/** Sends a grant again as a new one (admins); `onChanged` refreshes the screen that shows it. */
export function useResendGrant(onChanged: () => void) {
  return useMutation({
    mutationFn: (id: string) => withSecondFactor(() => api.post<GrantResponse>(grantPath(id, 'resend'))),
    onSettled: onChanged,
  });
}

/** Marks a grant done by hand, with what was done (admins). */
export function useMarkGrantDone(onChanged: () => void) {
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      withSecondFactor(() => api.post<GrantResponse>(grantPath(id, 'done'), { note })),
    onSettled: onChanged,
  });
}
