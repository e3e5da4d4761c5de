export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'unavailable';

export interface ErrorIssue {
  path: string;
  message: string;
}

/** Every rule the core enforces fails with one of these: a stable code for programs, a message for people. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    readonly issues: ErrorIssue[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string) {
    super(code, 'not_found', message);
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super(code, 'conflict', message);
  }
}

export class InvalidInputError extends DomainError {
  constructor(code: string, message: string, issues: ErrorIssue[] = []) {
    super(code, 'invalid', message, issues);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = 'Sign in to continue.') {
    super('UNAUTHENTICATED', 'unauthenticated', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(code = 'FORBIDDEN', message = 'You are not allowed to do this.') {
    super(code, 'forbidden', message);
  }
}
