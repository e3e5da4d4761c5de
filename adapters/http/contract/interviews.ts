import { z } from 'zod';
import { INTERVIEW_ACTIONS, INTERVIEW_STATUSES, SLOT_STATUSES } from '../../../core/interviews/model/interview.ts';

/** The rules are core's: the browser's forms and the request bodies are checked by the same schemas. */
export {
  applicantRescheduleSchema,
  cancelInterviewSchema,
  DEFAULT_INTERVIEW_MINUTES,
  INTERVIEW_LENGTHS,
  interviewOutcomeSchema,
  MIN_NOTICE_MINUTES,
  offerSlotsSchema,
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  staffRescheduleSchema,
} from '../../../core/interviews/model/interview-rules.ts';
export { REMINDER_LEAD_MINUTES } from '../../../core/interviews/model/interview.ts';

export { APPLICATION_PATHS, applicationInterviewsPath, interviewCalendarPath } from './interview-paths.ts';

const kindField = z.enum(['whitelist', 'staff', 'appeal']);

/** What a time offered and an interview both say: whose, held by whom, when; times are UTC ISO 8601 strings. */
const heldTime = {
  id: z.string(),
  kind: kindField,
  applicationId: z.string(),
  reviewerId: z.string(),
  reviewerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number(),
};

/** A time offered. */
export const interviewSlotSchema = z.object({
  ...heldTime,
  status: z.enum(SLOT_STATUSES),
  /** open, ahead, and its reviewer free then: the applicant may book it */
  available: z.boolean(),
});
export type InterviewSlotDto = z.infer<typeof interviewSlotSchema>;

export const interviewEventSchema = z.object({
  at: z.string(),
  action: z.enum(INTERVIEW_ACTIONS),
  by: z.enum(['applicant', 'staff']),
  name: z.string(),
  reason: z.string().nullable(),
  startsAt: z.string(),
});
export type InterviewEventDto = z.infer<typeof interviewEventSchema>;

export const interviewSchema = z.object({
  ...heldTime,
  status: z.enum(INTERVIEW_STATUSES),
  /** the calendar file's address (GET) */
  calendarPath: z.string(),
  /** oldest first */
  history: z.array(interviewEventSchema),
  /** staff's notes on the outcome: only staff read them (absent for the applicant) */
  notes: z.string().nullable().optional(),
});
export type InterviewDto = z.infer<typeof interviewSchema>;

/** One application's interview: whether an approval waits for one, the times offered and its interviews. */
export const applicationInterviewsSchema = z.object({
  kind: kindField,
  label: z.string(),
  applicationId: z.string(),
  required: z.boolean(),
  open: z.boolean(),
  slots: z.array(interviewSlotSchema),
  /** the latest start first */
  interviews: z.array(interviewSchema),
});
export type ApplicationInterviewsDto = z.infer<typeof applicationInterviewsSchema>;

/** GET {application}/interviews, for the kind's staff: with the reviewers who may hold one. */
export const staffInterviewsSchema = applicationInterviewsSchema.extend({
  /** `you`: the staff member reading, who holds what they offer unless they name another */
  reviewers: z.array(z.object({ id: z.string(), name: z.string(), you: z.boolean() })),
});
export type StaffInterviewsDto = z.infer<typeof staffInterviewsSchema>;

/** GET /api/interviews/mine: the player's own, per application; only the times they may book now. */
export const myInterviewsSchema = z.object({ applications: z.array(applicationInterviewsSchema) });
export type MyInterviewsDto = z.infer<typeof myInterviewsSchema>;
