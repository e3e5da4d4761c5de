import { infiniteQueryOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnswerTemplatesResponse } from '@contract/answer-templates.ts';
import type { CastVoteInput } from '@contract/applications.ts';
import { api } from '@/lib/api-client.ts';

/** docs/product.md#texts-and-timings: /admin-applications polls every 5 s, /staff-applications and /staff-review every 10 s. */
export const POLL_ADMIN_APPLICATIONS_MS = 5_000;
export const POLL_SECOND_SCREEN_MS = 10_000;
export const POLL_STAFF_REVIEW_MS = 10_000;
export const POLL_APPEALS_MS = 10_000;
export const PAGE_SIZE = 50;

export type Kind = 'whitelist' | 'staff' | 'appeal';
const PATHS: Record<Kind, string> = {
  whitelist: '/api/applications',
  staff: '/api/staff-applications',
  appeal: '/api/appeals',
};

export const reviewKeys = {
  all: (kind: Kind) => ['review', kind] as const,
  detail: (kind: Kind, id: string) => ['review', kind, 'detail', id] as const,
  templates: (kind: Kind) => ['review-templates', kind] as const,
};

/**
 * A kind's applications, newest first, a page at a time by the keyset cursor: each further page asks for the
 * applications before the last one shown (`nextBefore`), so a new arrival never shifts or repeats a row. Every page
 * loaded is polled while the screen is open; the counters come with each page and always count everything.
 * `preview`: each row also brings the backstory's first 100 characters (the second whitelist screen's list).
 */
export function applicationsQuery<T extends { nextBefore: string | null }>(
  kind: Kind,
  refetchInterval: number,
  preview = false,
) {
  return infiniteQueryOptions({
    queryKey: [...reviewKeys.all(kind), preview ? 'with-preview' : 'list'],
    queryFn: ({ signal, pageParam }) =>
      api.get<T>(
        `${PATHS[kind]}?pageSize=${PAGE_SIZE}${preview ? '&preview=true' : ''}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    refetchInterval,
    staleTime: 0,
  });
}

/**
 * One application with every answer (GET /api/applications/{id}): the lists hold summaries, the dialog and the
 * detail panel read this, polled like the list so another reviewer's decision shows.
 */
export function applicationQuery<T>(kind: Kind, id: string, refetchInterval: number) {
  return queryOptions({
    queryKey: reviewKeys.detail(kind, id),
    queryFn: ({ signal }) => api.get<T>(`${PATHS[kind]}/${encodeURIComponent(id)}`, { signal }),
    refetchInterval,
    staleTime: 0,
  });
}

export function useApplication<T>(kind: Kind, id: string, refetchInterval: number) {
  return useQuery(applicationQuery<T>(kind, id, refetchInterval));
}

/**
 * Opens an application's dialog once its answers have arrived, so the dialog never opens empty: `opening` is the
 * application on its way (its button says so); a failure is handed to `onError` and nothing opens.
 */
export function useApplicationOpener(kind: Kind, open: (id: string) => void, onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const openWhenLoaded = async (id: string) => {
    setOpening(id);
    try {
      await queryClient.fetchQuery({ ...applicationQuery(kind, id, 0), staleTime: 1_000 });
      open(id);
    } catch (error) {
      onError(error);
    } finally {
      setOpening(null);
    }
  };
  return { opening, open: openWhenLoaded };
}

/** What every review sends: the status decided, the reviewers' notes and the message to the applicant. */
export interface Decision<S extends string = string> {
  status: S;
  reviewNotes: string;
  applicantMessage: string;
}

/**
 * A PATCH that decides (PATCH /api/applications/{id}, /api/staff-applications/{id}, /api/appeals/{id}; the first
 * whitelist screen's `/review` asks for notes of 10+ characters). A lost response is not retried, since a retry
 * would meet the decided application (409).
 */
export function useDecision<S extends string, Result>(kind: Kind, suffix = '') {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ id, ...body }: Decision<S> & { id: string }) =>
      api.patch<Result>(`${PATHS[kind]}/${id}${suffix}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kind) }),
  });
}

/**
 * A vote (POST /api/applications/{id}/votes, and the other kinds'): approve, deny or abstain, with a note and the
 * message the applicant reads should it decide. The answer is the application as it now stands, with `decided`. Not
 * retried: a reviewer votes once.
 */
export function useVote<Result>(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ id, ...body }: CastVoteInput & { id: string }) =>
      api.post<Result>(`${PATHS[kind]}/${id}/votes`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all(kind) }),
  });
}

/**
 * The kind's answer templates for the decision dialog's picker. The review screen reads them (`read`), once a minute at
 * most; the dialog only uses what the screen read, so opening it sends nothing.
 */
export function useAnswerTemplates(kind: Kind, read: boolean) {
  return useQuery({
    queryKey: reviewKeys.templates(kind),
    queryFn: ({ signal }) => api.get<AnswerTemplatesResponse>(`${PATHS[kind]}/answer-templates`, { signal }),
    select: (data) => data.templates,
    staleTime: 60_000,
    enabled: read,
  });
}
