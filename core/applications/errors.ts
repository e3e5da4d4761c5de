import { ConflictError, InvalidInputError, NotFoundError, type ErrorIssue } from '../shared/errors.ts';
import type { ApplicationKind } from './application.ts';

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
      `Invalid application. ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      issues,
    );
  }
}

export class ApplicationTransitionError extends ConflictError {}

export class AlreadyWhitelistedError extends ConflictError {
  constructor() {
    super('ALREADY_WHITELISTED', 'You are already whitelisted.');
  }
}
