import { ConflictError, NotFoundError } from '../shared/errors.ts';

export class CreatorCodeUnknownError extends NotFoundError {
  constructor(code: string) {
    super('CREATOR_CODE_UNKNOWN', `No creator has the code '${code}'. Check the spelling, or leave the field empty.`);
  }
}

export class CreatorCodeDisabledError extends ConflictError {
  constructor(code: string) {
    super(
      'CREATOR_CODE_DISABLED',
      `The creator code '${code}' is no longer in use. Leave the field empty or use another.`,
    );
  }
}

export class OwnCreatorCodeError extends ConflictError {
  constructor(code: string) {
    super('CREATOR_OWN_CODE', `'${code}' is your own creator code: it supports a creator when other players use it.`);
  }
}

export class CreatorCodeTakenError extends ConflictError {
  constructor(code: string) {
    super('CREATOR_CODE_TAKEN', `The creator code '${code}' is taken (codes match whatever their case).`);
  }
}

export class AlreadyCreatorError extends ConflictError {
  constructor(name: string, code: string) {
    super('ALREADY_CREATOR', `${name} is already a creator, with the code '${code}'.`);
  }
}

export class CreatorNotFoundError extends NotFoundError {
  constructor(code: string) {
    super('CREATOR_NOT_FOUND', `No creator has the code '${code}'.`);
  }
}
