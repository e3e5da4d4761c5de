import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenDto, ApiTokenInput, ApiTokensResponse, CreatedApiTokenResponse } from '@contract/api-tokens.ts';
import { api } from '@/lib/api-client.ts';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

export function apiTokensQuery() {
  return queryOptions({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) => api.get<ApiTokensResponse>('/api/api-tokens', { signal }),
  });
}

export function useApiTokens() {
  return useQuery(apiTokensQuery());
}

/** A new token: the answer holds its secret, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenInput) => api.post<CreatedApiTokenResponse>('/api/api-tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiTokenDto>(`/api/api-tokens/${encodeURIComponent(id)}/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
