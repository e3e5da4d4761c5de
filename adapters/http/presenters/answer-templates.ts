import type { AnswerTemplate } from '../../../core/applications/model/answer-template.ts';
import type { AnswerTemplateDto } from '../contract/answer-templates.ts';

export function presentAnswerTemplate(template: AnswerTemplate): AnswerTemplateDto {
  return {
    id: template.id,
    kind: template.kind,
    decision: template.decision,
    name: template.name,
    body: template.body,
    updatedBy: template.updatedBy,
    updatedAt: template.updatedAt.toISOString(),
  };
}
