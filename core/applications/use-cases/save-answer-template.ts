import { reviewerName, type Reviewer } from '../../audit/model/reviewer.ts';
import { ForbiddenError, InvalidInputError } from '../../shared/errors.ts';
import type { Clock, IdGenerator } from '../../shared/ports.ts';
import { hasPermission, PERMISSION_LABELS } from '../../users/model/permissions.ts';
import { type AnswerTemplate, type AnswerTemplateInput, answerTemplateSchema } from '../model/answer-template.ts';
import { AnswerTemplateNotFoundError } from '../errors.ts';
import type { AnswerTemplateRepository } from '../ports.ts';

/** Refused unless the actor manages answer templates. */
export function checkManagesTemplates(actor: Reviewer): void {
  if (!hasPermission(actor, 'manage-templates'))
    throw new ForbiddenError(
      'PERMISSION_REQUIRED',
      `Changing answer templates needs the "${PERMISSION_LABELS['manage-templates']}" permission.`,
    );
}

/** Writes an answer template: a new one, or (`id`) a change to one; its name is unique within its kind and decision. */
export class SaveAnswerTemplate {
  constructor(private readonly deps: { templates: AnswerTemplateRepository; ids: IdGenerator; clock: Clock }) {}

  async execute(input: { id?: string; template: AnswerTemplateInput; actor: Reviewer }): Promise<AnswerTemplate> {
    checkManagesTemplates(input.actor);
    const parsed = answerTemplateSchema.safeParse(input.template);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }));
      throw new InvalidInputError(
        'ANSWER_TEMPLATE_INVALID',
        [...new Set(issues.map((i) => i.message))].join('. '),
        issues,
      );
    }
    const now = this.deps.clock.now();
    const by = reviewerName(input.actor);
    if (!input.id) {
      const template: AnswerTemplate = {
        id: this.deps.ids.next(),
        ...parsed.data,
        updatedBy: by,
        createdAt: now,
        updatedAt: now,
      };
      await this.deps.templates.add(template);
      return template;
    }
    const current = await this.deps.templates.findById(input.id);
    if (!current) throw new AnswerTemplateNotFoundError(input.id);
    const template: AnswerTemplate = { ...current, ...parsed.data, updatedBy: by, updatedAt: now };
    if (!(await this.deps.templates.update(template))) throw new AnswerTemplateNotFoundError(input.id);
    return template;
  }
}
