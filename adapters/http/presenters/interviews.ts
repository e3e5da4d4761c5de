import type { Interview } from '../../../core/interviews/model/interview.ts';
import { minutesOf } from '../../../core/interviews/model/interview.ts';
import type { ApplicationInterviews, SlotView } from '../../../core/interviews/model/interview-views.ts';
import type { Reviewer } from '../../../core/interviews/model/interview-schedule.ts';
import {
  type ApplicationInterviewsDto,
  type InterviewDto,
  type InterviewSlotDto,
  interviewCalendarPath,
  type MyInterviewsDto,
  type StaffInterviewsDto,
} from '../contract/interviews.ts';

/** Who reads: staff see the outcome notes, the applicant does not. */
export type InterviewReader = 'staff' | 'applicant';

/** whose, held by whom, when: what a slot and an interview both show */
function heldTime(time: SlotView | Interview) {
  return {
    id: time.id,
    kind: time.kind,
    applicationId: time.applicationId,
    reviewerId: time.reviewerId,
    reviewerName: time.reviewerName,
    startsAt: time.startsAt.toISOString(),
    endsAt: time.endsAt.toISOString(),
    minutes: minutesOf(time),
  };
}

export function presentSlot(slot: SlotView): InterviewSlotDto {
  return { ...heldTime(slot), status: slot.status, available: slot.available };
}

export function presentInterview(interview: Interview, reader: InterviewReader): InterviewDto {
  return {
    ...heldTime(interview),
    status: interview.status,
    calendarPath: interviewCalendarPath(interview.id),
    history: interview.history.map((event) => ({
      at: event.at.toISOString(),
      action: event.action,
      by: event.by,
      name: event.name,
      reason: event.reason,
      startsAt: event.startsAt.toISOString(),
    })),
    ...(reader === 'staff' ? { notes: interview.notes } : {}),
  };
}

function presentApplicationInterviews(view: ApplicationInterviews, reader: InterviewReader): ApplicationInterviewsDto {
  return {
    kind: view.kind,
    label: view.label,
    applicationId: view.applicationId,
    required: view.required,
    open: view.open,
    slots: view.slots.map(presentSlot),
    interviews: view.interviews.map((interview) => presentInterview(interview, reader)),
  };
}

export function presentStaffInterviews(
  view: ApplicationInterviews & { reviewers: Array<Reviewer & { you: boolean }> },
): StaffInterviewsDto {
  return { ...presentApplicationInterviews(view, 'staff'), reviewers: view.reviewers };
}

export function presentMyInterviews(views: ApplicationInterviews[]): MyInterviewsDto {
  return { applications: views.map((view) => presentApplicationInterviews(view, 'applicant')) };
}
