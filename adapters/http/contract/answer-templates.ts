import type { AnswerTemplate } from '../../../core/applications/model/answer-template.ts';

/** The rules are core's: the admin screen's form and the request body are checked by the same schema. */
export {
  answerTemplateSchema,
  fillTemplate,
  reapplyDateFor,
  TEMPLATE_DECISIONS,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_PLACEHOLDERS,
  type AnswerTemplateInput,
} from '../../../core/applications/model/answer-template.ts';
export { APPLICATION_KIND_NAMES } from '../../../core/applications/model/application.ts';

/**
 * An answer template as the API responds (GET /api/answer-templates, GET /api/applications/answer-templates...): its
 * body with {player} and {reapplyDate} still in braces, for the decision dialog to fill in; when it last changed.
 */
export type AnswerTemplateDto = Omit<AnswerTemplate, 'createdAt' | 'updatedAt'> & { updatedAt: string };

export interface AnswerTemplatesResponse {
  templates: AnswerTemplateDto[];
}
