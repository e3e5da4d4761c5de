import { DomainError, ForbiddenError, NotFoundError } from '../shared/errors.ts';
import type { ApiScope } from './model/scopes.ts';

/** No token, or one that is unknown or revoked: 401. */
export class ApiTokenRefusedError extends DomainError {
  constructor(code: 'API_TOKEN_REQUIRED' | 'API_TOKEN_INVALID', message: string) {
    super(code, 'unauthenticated', message);
  }
}

/** The token lacks the scope, or its creator no longer holds what the scope needs: 403 naming the scope. */
export class ApiScopeRequiredError extends ForbiddenError {
  constructor(
    readonly scope: ApiScope,
    message = `This token does not hold the ${scope} scope.`,
  ) {
    super('API_SCOPE_REQUIRED', message);
  }
}

export class ApiTokenNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('API_TOKEN_NOT_FOUND', `No API token with id ${id}.`);
  }
}
