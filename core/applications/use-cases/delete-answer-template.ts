import type { Reviewer } from '../../audit/model/reviewer.ts';
import { AnswerTemplateNotFoundError } from '../errors.ts';
import type { AnswerTemplateRepository } from '../ports.ts';
import { checkManagesTemplates } from './save-answer-template.ts';

/** Removes an answer template; messages already sent with it stay as they were sent. */
export class DeleteAnswerTemplate {
  constructor(private readonly templates: AnswerTemplateRepository) {}

  async execute(input: { id: string; actor: Reviewer }): Promise<void> {
    checkManagesTemplates(input.actor);
    if (!(await this.templates.remove(input.id))) throw new AnswerTemplateNotFoundError(input.id);
  }
}
