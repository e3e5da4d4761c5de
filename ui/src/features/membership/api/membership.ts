import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangeTierResponse,
  MembershipPreviewDto,
  MembershipSummaryDto,
  MyMembershipResponse,
  PayRenewalResponse,
} from '@contract/memberships.ts';
import { api } from '@/lib/api-client.ts';
import { authKeys } from '@/features/auth';

export const membershipKeys = {
  all: ['membership'] as const,
  mine: () => ['membership', 'mine'] as const,
  summary: () => ['membership', 'summary'] as const,
};

export function myMembershipQuery() {
  return queryOptions({
    queryKey: membershipKeys.mine(),
    queryFn: ({ signal }) => api.get<MyMembershipResponse>('/api/membership', { signal }),
    select: (data) => data.membership,
  });
}

/**
 * The signed-in player's Priority Pass membership (null: none); only asked for when `enabled`. `fresh`: asked again
 * on mount whatever is cached (a page right after a payment).
 */
export function useMyMembership(enabled = true, fresh = false) {
  return useQuery({ ...myMembershipQuery(), enabled, ...(fresh ? { refetchOnMount: 'always' as const } : {}) });
}

export function useMembershipSummary() {
  return useQuery(
    queryOptions({
      queryKey: membershipKeys.summary(),
      queryFn: ({ signal }) => api.get<MembershipSummaryDto>('/api/memberships/summary', { signal }),
    }),
  );
}

export type MembershipAction =
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | { kind: 'change-tier'; tierId: string; expectedCharge?: number };

/** What the action would do now, as the server would do it: the dialog states this before the player confirms. */
export function useMembershipPreview(action: MembershipAction | null) {
  const params = action
    ? new URLSearchParams({
        action: action.kind,
        ...(action.kind === 'change-tier' ? { tierId: action.tierId } : {}),
      }).toString()
    : '';
  return useQuery({
    queryKey: ['membership', 'preview', params],
    queryFn: ({ signal }) => api.get<MembershipPreviewDto>(`/api/membership/preview?${params}`, { signal }),
    enabled: action !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

type Action = MembershipAction;

/** Cancel, resume or change tier; the membership, the token balance and the account's lists follow. */
export function useMembershipAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      action.kind === 'change-tier'
        ? api.post<ChangeTierResponse>('/api/membership/change-tier', {
            tierId: action.tierId,
            ...(action.expectedCharge === undefined ? {} : { expectedCharge: action.expectedCharge }),
          })
        : api.post<MyMembershipResponse>(`/api/membership/${action.kind}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.tokens() }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
      ]),
  });
}

/** Opens the past-due month's payment, to be paid with another card. */
export function openRenewalPayment(): Promise<PayRenewalResponse> {
  return api.post<PayRenewalResponse>('/api/membership/pay-renewal');
}

/** The same day next month (the month's last day when it is shorter): when a membership started today renews. */
export function nextMonthlyCharge(from: Date = new Date()): Date {
  const next = new Date(from.getTime());
  const dayOfMonth = from.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + 1);
  const lastDay = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(dayOfMonth, lastDay));
  return next;
}
