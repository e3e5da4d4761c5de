import type { AnswerTemplateDto } from '@contract/answer-templates.ts';

export const KIND_LABELS: Record<AnswerTemplateDto['kind'], string> = {
  whitelist: 'Whitelist applications',
  staff: 'Staff applications',
  appeal: 'Ban appeals',
};

export const DECISION_LABELS: Record<AnswerTemplateDto['decision'], string> = {
  approve: 'Approval',
  deny: 'Denial',
};
