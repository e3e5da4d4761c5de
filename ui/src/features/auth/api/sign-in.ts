import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DevSignInInput, DevSignInResponse, SignInSetupDto } from '@contract/auth.ts';
import { api } from '@/lib/api-client.ts';
import { authKeys } from './current-user.ts';

export function signInSetupQuery() {
  return queryOptions({
    queryKey: [...authKeys.all, 'setup'] as const,
    queryFn: ({ signal }) => api.get<SignInSetupDto>('/api/auth/setup', { signal }),
  });
}

/** How this server signs people in, and the redirect URI it registers with Discord. */
export function useSignInSetup() {
  return useQuery(signInSetupQuery());
}

/** The development sign-in; on success every account query is read again. */
export function useDevSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DevSignInInput) => api.post<DevSignInResponse>('/api/auth/dev-login', input),
    // a refused sign-in will not change by asking again
    retry: false,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
