import { ConflictError, InvalidInputError, NotFoundError, type ErrorIssue } from '../shared/errors.ts';
import { applicantDay, type ApplicationKind } from './model/application.ts';

type AnyKind = Pick<ApplicationKind, 'label' | 'codePrefix'>;

export class ApplicationNotFoundError extends NotFoundError {
  constructor(kind: AnyKind, id: string) {
    super(`${kind.codePrefix}_NOT_FOUND`, `No ${kind.label} with id '${id}' exists.`);
  }
}

export class OpenApplicationExistsError extends ConflictError {
  constructor(kind: AnyKind) {
    super(`${kind.codePrefix}_ALREADY_OPEN`, `You already have a ${kind.label} waiting for review.`);
  }
}

export class InvalidApplicationError extends InvalidInputError {
  constructor(kind: AnyKind, issues: ErrorIssue[]) {
    super(
      `${kind.codePrefix}_INVALID`,
      `Some answers need another look: ${issues.map((i) => i.message).join('; ')}.`,
      issues,
    );
  }
}

export class ApplicationTransitionError extends ConflictError {}

/** A new application from an applicant whose application of the kind was approved. */
export class AlreadyApprovedError extends ConflictError {
  constructor(kind: Pick<ApplicationKind, 'texts'>) {
    super(kind.texts.alreadyApproved.code, kind.texts.alreadyApproved.message);
  }
}

/** A new application before the waiting time after a refused one has passed. */
export class ReapplyTooSoonError extends ConflictError {
  constructor(
    kind: AnyKind,
    readonly from: Date,
  ) {
    super(`${kind.codePrefix}_TOO_SOON`, `You can send a new ${kind.label} from ${applicantDay(from)}.`);
  }
}

/** Answers the kind refuses outright (a ban appeal for an offence that cannot be appealed): nothing is stored. */
export class RefusedApplicationError extends InvalidInputError {
  constructor(refusal: { code: string; message: string; path: string }) {
    super(refusal.code, refusal.message, [{ path: refusal.path, message: refusal.message }]);
  }
}

/** A second vote from the same reviewer on one application: a vote cannot be changed. */
export class AlreadyVotedError extends ConflictError {
  constructor(kind: AnyKind) {
    super(
      `${kind.codePrefix}_ALREADY_VOTED`,
      `You have already voted on this ${kind.label}; a vote cannot be changed.`,
    );
  }
}

/** An approval something outside the review holds back (an interview not held yet): the reason is the gate's own. */
export class ApprovalBlockedError extends ConflictError {
  constructor(reason: string) {
    super('APPROVAL_BLOCKED', reason);
  }
}

export class AnswerTemplateNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('ANSWER_TEMPLATE_NOT_FOUND', `No answer template with id '${id}' exists.`);
  }
}

/** Two templates of one kind and decision under one name (letter case aside) would be told apart by nothing. */
export class AnswerTemplateNameTakenError extends ConflictError {
  constructor(name: string) {
    super('ANSWER_TEMPLATE_NAME_TAKEN', `A template named "${name}" already exists for this kind and decision.`);
  }
}
