import { useMutation } from '@tanstack/react-query';
import type { StaffApplicationDto, StaffApplicationInput } from '@contract/staff-applications.ts';
import { api } from '@/lib/api-client.ts';

export function useSubmitStaffApplication() {
  return useMutation({
    mutationFn: (input: StaffApplicationInput) => api.post<StaffApplicationDto>('/api/staff-applications', input),
    // a retry after a lost answer would meet the first submission and fail with 409
    retry: false,
  });
}
