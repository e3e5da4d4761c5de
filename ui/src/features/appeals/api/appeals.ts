import type { AppealDto, AppealInput } from '@contract/applications.ts';
import {
  myApplicationsEndpoint,
  useDecisionsOnDiscordOf,
  useMyApplicationsOf,
  useSubmitTo,
} from '@/lib/my-applications.ts';

const appeals = myApplicationsEndpoint('/api/appeals', 'appeals');

/** The signed-in player's own ban appeals, newest first. */
export const useMyAppeals = (enabled: boolean) => useMyApplicationsOf(appeals, enabled);

/** Whether the decision reaches the player by Discord message too; undefined while unknown (promise nothing). */
export const useAppealDecisionsOnDiscord = (enabled = true) => useDecisionsOnDiscordOf(appeals, enabled);

export const useSubmitAppeal = () => useSubmitTo<AppealInput, AppealDto>(appeals);
