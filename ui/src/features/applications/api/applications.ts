import type { WhitelistApplicationDto, WhitelistApplicationInput } from '@contract/applications.ts';
import {
  myApplicationsEndpoint,
  useDecisionsOnDiscordOf,
  useMyApplicationsOf,
  useSubmitTo,
} from '@/lib/my-applications.ts';

const applications = myApplicationsEndpoint('/api/applications', 'applications');

/** The signed-in player's own whitelist applications, newest first. */
export const useMyApplications = (enabled: boolean) => useMyApplicationsOf(applications, enabled);

export const useDecisionsOnDiscord = (enabled = true) => useDecisionsOnDiscordOf(applications, enabled);

export const useSubmitApplication = () => useSubmitTo<WhitelistApplicationInput, WhitelistApplicationDto>(applications);
