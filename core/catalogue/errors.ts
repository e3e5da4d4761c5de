import { NotFoundError } from '../shared/errors.ts';

export class ProductNotFoundError extends NotFoundError {
  constructor(type: string | undefined, id: string) {
    super('PRODUCT_NOT_FOUND', `No ${type ? `${type} ` : ''}product with id '${id}' exists.`);
  }
}
