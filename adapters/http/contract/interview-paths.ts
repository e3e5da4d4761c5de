/*
 * The interview routes' paths and the limits the browser's forms use, in a module without zod: the account page
 * loads no schema library.
 */
import type { ApplicationKindName } from '../../../core/applications/model/application.ts';

export {
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_LENGTHS,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
} from '../../../core/interviews/model/interview-limits.ts';

/** Where each kind's applications are reviewed; its interviews sit below one: `${path}/{id}/interviews`. */
export const APPLICATION_PATHS: Record<ApplicationKindName, string> = {
  whitelist: '/api/applications',
  staff: '/api/staff-applications',
  appeal: '/api/appeals',
};

/** GET, and below it slots and the interviews' actions, for the kind's staff */
export const applicationInterviewsPath = (kind: ApplicationKindName, applicationId: string) =>
  `${APPLICATION_PATHS[kind]}/${encodeURIComponent(applicationId)}/interviews`;

/** the interview's calendar file, for its applicant and its kind's staff */
export const interviewCalendarPath = (interviewId: string) =>
  `/api/interviews/${encodeURIComponent(interviewId)}/calendar.ics`;
