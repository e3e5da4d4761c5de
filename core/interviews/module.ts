import type { ApplicationKindName } from '../applications/model/application.ts';
import type { InterviewApplications, InterviewDeps } from './model/deps.ts';
import type { InterviewLinks, InterviewMessages, InterviewRepository, InterviewSettings } from './ports.ts';
import { BookInterview } from './use-cases/book-interview.ts';
import { CancelInterview } from './use-cases/cancel-interview.ts';
import { CheckInterviewGate } from './use-cases/check-interview-gate.ts';
import { CloseDecidedInterviews } from './use-cases/close-decided-interviews.ts';
import { ListInterviews } from './use-cases/list-interviews.ts';
import { OfferInterviewSlots } from './use-cases/offer-interview-slots.ts';
import { RecordInterviewOutcome } from './use-cases/record-interview-outcome.ts';
import { RescheduleInterview } from './use-cases/reschedule-interview.ts';
import { SendInterviewReminders } from './use-cases/send-interview-reminders.ts';
import { ShowApplicationInterviews } from './use-cases/show-application-interviews.ts';
import { ShowInterview } from './use-cases/show-interview.ts';
import { ShowMyInterviews } from './use-cases/show-my-interviews.ts';
import { WithdrawInterviewSlot } from './use-cases/withdraw-interview-slot.ts';

/** What interviews need from outside: their store, the links the messages give, and which kinds require one. */
export interface InterviewPorts {
  interviews: InterviewRepository;
  links: InterviewLinks;
  settings: InterviewSettings;
}

export function createInterviewModule(
  p: InterviewPorts,
  shared: Omit<InterviewDeps, keyof InterviewPorts> & {
    applications: InterviewApplications;
    messages: InterviewMessages;
  },
) {
  const deps: InterviewDeps = { ...shared, ...p };
  const gate = new CheckInterviewGate(deps);
  const close = new CloseDecidedInterviews(deps);
  return {
    offer: new OfferInterviewSlots(deps),
    withdraw: new WithdrawInterviewSlot(deps),
    showForApplication: new ShowApplicationInterviews(deps),
    showMine: new ShowMyInterviews(deps),
    show: new ShowInterview(deps),
    book: new BookInterview(deps),
    reschedule: new RescheduleInterview(deps),
    cancel: new CancelInterview(deps),
    recordOutcome: new RecordInterviewOutcome(deps),
    list: new ListInterviews(deps),
    sendReminders: new SendInterviewReminders(deps),
    gate,
    /**
     * The applications module's `interviews` port: why an approval of this application must wait, or null. The
     * composition hands it to the review use case.
     */
    blocksDecision: (kind: ApplicationKindName, applicationId: string) => gate.execute({ kind, applicationId }),
    /** the same port's other half: a decided application's interviews end with it, in the decision's transaction */
    decided: (kind: ApplicationKindName, applicationId: string, reviewerName: string) =>
      close.execute({ kind, applicationId, reviewerName }),
  };
}

export type InterviewModule = ReturnType<typeof createInterviewModule>;
