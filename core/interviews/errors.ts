import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../shared/errors.ts';

export class InterviewNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('INTERVIEW_NOT_FOUND', `No interview with id '${id}' exists.`);
  }
}

export class InterviewSlotNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('INTERVIEW_SLOT_NOT_FOUND', `No interview time with id '${id}' is offered to you.`);
  }
}

/** The time was booked by someone else first, withdrawn, or has passed. */
export class InterviewSlotTakenError extends ConflictError {
  constructor(message = 'That time has just been taken. Pick another one.') {
    super('INTERVIEW_SLOT_TAKEN', message);
  }
}

/** An applicant holds one booked interview per application: they move it instead of booking a second. */
export class InterviewAlreadyBookedError extends ConflictError {
  constructor() {
    super(
      'INTERVIEW_ALREADY_BOOKED',
      'You already have an interview booked for this application. Reschedule it instead of booking another.',
    );
  }
}

/** The reviewer holds another interview at that time. */
export class ReviewerBusyError extends ConflictError {
  constructor(name: string) {
    super('INTERVIEW_REVIEWER_BUSY', `${name} already holds an interview at that time.`);
  }
}

export class InterviewNotBookedError extends ConflictError {
  constructor(status: string) {
    super('INTERVIEW_NOT_BOOKED', `This interview is ${status.replace('_', '-')}: only a booked interview can change.`);
  }
}

export class InterviewStartedError extends ConflictError {
  constructor() {
    super(
      'INTERVIEW_STARTED',
      'This interview has started: it cannot be moved or cancelled any more. Staff record how it went instead.',
    );
  }
}

export class InterviewNotStartedError extends ConflictError {
  constructor(startsAt: Date) {
    super(
      'INTERVIEW_NOT_STARTED',
      `An interview's outcome is recorded once it has started (${startsAt.toISOString()}).`,
    );
  }
}

/** The application was decided (or closed): no interview is offered, booked or moved for it any more. */
export class ApplicationClosedForInterviewsError extends ConflictError {
  constructor(label: string) {
    super('INTERVIEW_APPLICATION_CLOSED', `This ${label} is no longer open: its interview cannot change.`);
  }
}

export class OwnApplicationInterviewError extends ForbiddenError {
  constructor() {
    super('INTERVIEW_OWN_APPLICATION', 'You cannot interview for your own application.');
  }
}

/** A time outside the rules (too soon, too far ahead, overlapping another offered at once). */
export class InterviewTimeError extends InvalidInputError {
  constructor(message: string, path = 'slots') {
    super('INTERVIEW_TIME_INVALID', message, [{ path, message }]);
  }
}

export class InterviewReviewerError extends InvalidInputError {
  constructor(message: string) {
    super('INTERVIEW_REVIEWER_INVALID', message, [{ path: 'reviewerId', message }]);
  }
}

/** Someone else moved, cancelled or recorded the interview between reading it and changing it. */
export class InterviewChangedError extends ConflictError {
  constructor() {
    super('INTERVIEW_CHANGED', 'This interview was changed meanwhile. Reload it and try again.');
  }
}
