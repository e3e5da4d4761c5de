import type { StaffApplicationDto, StaffApplicationInput } from '@contract/staff-applications.ts';
import {
  myApplicationsEndpoint,
  useDecisionsOnDiscordOf,
  useMyApplicationsOf,
  useSubmitTo,
} from '@/lib/my-applications.ts';

const staffApplications = myApplicationsEndpoint('/api/staff-applications', 'staff-applications');

/** The signed-in player's own staff applications, newest first. */
export const useMyStaffApplications = (enabled: boolean) => useMyApplicationsOf(staffApplications, enabled);

export const useStaffDecisionsOnDiscord = (enabled = true) => useDecisionsOnDiscordOf(staffApplications, enabled);

export const useSubmitStaffApplication = () =>
  useSubmitTo<StaffApplicationInput, StaffApplicationDto>(staffApplications);
