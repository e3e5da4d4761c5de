import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErasureResponseDto, MyPrivacyDto, PersonalDataExportDto } from '@contract/privacy.ts';
import { api } from '@/lib/api-client.ts';
import { accountKeys } from './account.ts';

export const privacyKeys = {
  mine: () => [...accountKeys.all, 'privacy'] as const,
};

/** The player's requests about their data, and what deleting the account now would do first. */
export function useMyPrivacy() {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.mine(),
      queryFn: ({ signal }) => api.get<MyPrivacyDto>('/api/user/privacy', { signal }),
    }),
  );
}

/** A copy of everything held about the player (the request is recorded with it). */
export function useExportMyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PersonalDataExportDto>('/api/user/privacy/export'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.mine() }),
  });
}

/** Deletes the account, with the typed confirmation; the server answers whether it was erased or waits. */
export function useEraseMyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => api.post<ErasureResponseDto>('/api/user/privacy/erase', { confirm }),
    onSuccess: (answer) => {
      if (!answer.erased) return queryClient.invalidateQueries({ queryKey: privacyKeys.mine() });
    },
  });
}
