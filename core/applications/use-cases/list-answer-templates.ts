import { ForbiddenError } from '../../shared/errors.ts';
import {
  hasPermission,
  type Permission,
  PERMISSION_LABELS,
  type PermissionHolder,
} from '../../users/model/permissions.ts';
import type { ApplicationKindName } from '../model/application.ts';
import type { AnswerTemplate } from '../model/answer-template.ts';
import type { AnswerTemplateRepository } from '../ports.ts';

/**
 * The answer templates: a kind's for its reviewers (the decision dialog's picker), or every kind's for those who
 * manage them (the admin screen).
 */
export class ListAnswerTemplates {
  constructor(
    private readonly templates: AnswerTemplateRepository,
    /** the permission that decides each kind */
    private readonly deciders: Record<ApplicationKindName, Permission>,
  ) {}

  async execute(input: { kind?: ApplicationKindName; reader: PermissionHolder }): Promise<AnswerTemplate[]> {
    const manages = hasPermission(input.reader, 'manage-templates');
    if (input.kind ? !manages && !hasPermission(input.reader, this.deciders[input.kind]) : !manages)
      throw new ForbiddenError(
        'PERMISSION_REQUIRED',
        `Reading answer templates needs the "${PERMISSION_LABELS[input.kind ? this.deciders[input.kind] : 'manage-templates']}" permission.`,
      );
    return this.templates.list(input.kind);
  }
}
