import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** 4xx answers other than 408 and 429 will not change on a retry. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429 || error.status === 408;
  return true; // network failure
}

export const backoff = (cap: number) => (attempt: number) => Math.min(1000 * 2 ** attempt, cap);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: (failures, error) => failures < 3 && isRetriable(error),
        retryDelay: backoff(10_000),
      },
      mutations: {
        retry: (failures, error) => failures < 2 && isRetriable(error),
        retryDelay: backoff(5_000),
      },
    },
  });
}
