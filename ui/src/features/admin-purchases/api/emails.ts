import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailsResponse, RetryEmailResponse } from '@contract/emails.ts';
import { api } from '@/lib/api-client.ts';
import { withSecondFactor } from '@/features/security';

export const emailKeys = {
  all: ['emails'] as const,
  ofPurchase: (purchaseId: string) => ['emails', 'purchase', purchaseId] as const,
};

/** how often a purchase's emails are read again while one is still on its way */
export const EMAIL_FOLLOW_MS = 1_000;

export function purchaseEmailsQuery(purchaseId: string) {
  return queryOptions({
    queryKey: emailKeys.ofPurchase(purchaseId),
    queryFn: ({ signal }) =>
      api.get<EmailsResponse>(`/api/emails?purchaseId=${encodeURIComponent(purchaseId)}`, { signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.emails.some((email) => email.status === 'pending' || email.status === 'sending')
        ? EMAIL_FOLLOW_MS
        : false,
  });
}

/** The emails a purchase sent (staff), read again each second while one is on its way. */
export function usePurchaseEmails(purchaseId: string) {
  return useQuery(purchaseEmailsQuery(purchaseId));
}

/** Queues a failed email again (staff who refund); the list follows it to sent. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      withSecondFactor(() => api.post<RetryEmailResponse>(`/api/emails/${encodeURIComponent(id)}/retry`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
