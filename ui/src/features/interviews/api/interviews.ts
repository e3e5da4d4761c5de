import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationInterviewsPath } from '@contract/interview-paths.ts';
import type {
  ApplicationInterviewsDto,
  InterviewDto,
  InterviewSlotDto,
  MyInterviewsDto,
  StaffInterviewsDto,
} from '@contract/interviews.ts';
import { api } from '@/lib/api-client.ts';

export type Kind = ApplicationInterviewsDto['kind'];

export const interviewKeys = {
  all: ['interviews'] as const,
  mine: () => [...interviewKeys.all, 'mine'] as const,
  application: (kind: Kind, applicationId: string) => [...interviewKeys.all, kind, applicationId] as const,
};

/** The player's own interviews and the times offered to them (GET /api/interviews/mine). */
export function useMyInterviews() {
  return useQuery(
    queryOptions({
      queryKey: interviewKeys.mine(),
      queryFn: ({ signal }) => api.get<MyInterviewsDto>('/api/interviews/mine', { signal }),
    }),
  );
}

/** A write of the player's own: the list is read again after it, whatever it answered. */
function useMine<Input>(write: (input: Input) => Promise<InterviewDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: interviewKeys.mine() }),
  });
}

export const useBookInterview = () =>
  useMine((slotId: string) => api.post<InterviewDto>(`/api/interviews/slots/${encodeURIComponent(slotId)}/book`));

export const useRescheduleMine = () =>
  useMine(({ id, slotId, reason }: { id: string; slotId: string; reason: string }) =>
    api.post<InterviewDto>(`/api/interviews/${encodeURIComponent(id)}/reschedule`, { slotId, reason }),
  );

export const useCancelMine = () =>
  useMine(({ id, reason }: { id: string; reason: string }) =>
    api.post<InterviewDto>(`/api/interviews/${encodeURIComponent(id)}/cancel`, { reason }),
  );

/** An application's interview for its kind's staff, polled while the dialog is open (another reviewer may act). */
export function useApplicationInterviews(kind: Kind, applicationId: string) {
  return useQuery(
    queryOptions({
      queryKey: interviewKeys.application(kind, applicationId),
      queryFn: ({ signal }) => api.get<StaffInterviewsDto>(applicationInterviewsPath(kind, applicationId), { signal }),
      refetchInterval: 10_000,
      staleTime: 0,
    }),
  );
}

/** A staff write below the application's interviews: `path` after `/interviews`. */
function useStaffWrite<Input, Result>(kind: Kind, applicationId: string, request: (input: Input) => [string, unknown]) {
  const queryClient = useQueryClient();
  const base = applicationInterviewsPath(kind, applicationId);
  return useMutation({
    retry: false,
    mutationFn: (input: Input) => {
      const [path, body] = request(input);
      return api.post<Result>(`${base}${path}`, body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: interviewKeys.application(kind, applicationId) }),
  });
}

export interface OfferedTime {
  startsAt: string;
  minutes: number;
}

export const useOfferSlots = (kind: Kind, applicationId: string) =>
  useStaffWrite<{ reviewerId: string; slots: OfferedTime[] }, { slots: InterviewSlotDto[] }>(
    kind,
    applicationId,
    (body) => ['/slots', body],
  );

export const useWithdrawSlot = (kind: Kind, applicationId: string) =>
  useStaffWrite<string, { slot: InterviewSlotDto }>(kind, applicationId, (slotId) => [
    `/slots/${encodeURIComponent(slotId)}/withdraw`,
    {},
  ]);

export const useStaffReschedule = (kind: Kind, applicationId: string) =>
  useStaffWrite<{ id: string; startsAt: string; minutes: number; reviewerId: string; reason: string }, InterviewDto>(
    kind,
    applicationId,
    ({ id, ...body }) => [`/${encodeURIComponent(id)}/reschedule`, body],
  );

export const useStaffCancel = (kind: Kind, applicationId: string) =>
  useStaffWrite<{ id: string; reason: string }, InterviewDto>(kind, applicationId, ({ id, reason }) => [
    `/${encodeURIComponent(id)}/cancel`,
    { reason },
  ]);

export const useRecordOutcome = (kind: Kind, applicationId: string) =>
  useStaffWrite<{ id: string; outcome: 'held' | 'no_show'; notes: string }, InterviewDto>(
    kind,
    applicationId,
    ({ id, ...body }) => [`/${encodeURIComponent(id)}/outcome`, body],
  );
