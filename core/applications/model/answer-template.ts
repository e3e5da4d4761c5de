import { z } from 'zod';
import {
  APPLICATION_KIND_NAMES,
  applicantDay,
  type ApplicationKind,
  type ApplicationKindName,
  reapplyAt,
} from './application.ts';
import { APPLICANT_MESSAGE_MAX_LENGTH } from './review-notes.ts';
import type { DecidingChoice } from './votes.ts';

/** The decisions a template words a message for. */
export const TEMPLATE_DECISIONS = ['approve', 'deny'] as const satisfies readonly DecidingChoice[];

/** What a template may name in braces; the decision dialog fills them in before the message is sent. */
export const TEMPLATE_PLACEHOLDERS = ['player', 'reapplyDate'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** A named message to the applicant, stored by staff for one kind and one decision (decision 0106). */
export interface AnswerTemplate {
  id: string;
  kind: ApplicationKindName;
  decision: DecidingChoice;
  name: string;
  /** the message, with {player} and {reapplyDate} where the dialog fills them in */
  body: string;
  /** who last wrote it */
  updatedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const TEMPLATE_NAME_MAX_LENGTH = 80;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** What a template holds: checked where it is written (the admin screen) and where it is stored (the server). */
export const answerTemplateSchema = z
  .object({
    kind: z.enum(APPLICATION_KIND_NAMES, { error: 'Choose whitelist, staff or appeal' }),
    decision: z.enum(TEMPLATE_DECISIONS, { error: 'Choose approve or deny' }),
    name: z
      .string({ error: 'Name the template' })
      .trim()
      .min(1, 'Name the template')
      .max(TEMPLATE_NAME_MAX_LENGTH, `The name can be at most ${TEMPLATE_NAME_MAX_LENGTH} characters`),
    body: z
      .string({ error: 'Write the message' })
      .trim()
      .min(1, 'Write the message')
      .max(APPLICANT_MESSAGE_MAX_LENGTH, `The message can be at most ${APPLICANT_MESSAGE_MAX_LENGTH} characters`),
  })
  .superRefine((template, ctx) => {
    for (const [, name] of template.body.matchAll(PLACEHOLDER)) {
      if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['body'],
          message: `{${name}} is not a placeholder: use {player} or {reapplyDate}`,
        });
      else if (name === 'reapplyDate' && template.decision === 'approve')
        ctx.addIssue({
          code: 'custom',
          path: ['body'],
          message: 'An approval has no date to apply again from: remove {reapplyDate}',
        });
    }
  });
export type AnswerTemplateInput = z.input<typeof answerTemplateSchema>;

/** The message a template words, its placeholders filled in. */
export function fillTemplate(body: string, values: Record<TemplatePlaceholder, string>): string {
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as TemplatePlaceholder] : whole,
  );
}

/** {reapplyDate} for a refusal decided at `now`: the day the applicant may apply again, as they read it. */
export function reapplyDateFor(kind: Pick<ApplicationKind, 'reapply'>, now: Date): string {
  const from = reapplyAt(kind, { status: kind.reapply.after, reviewedAt: now });
  return from ? applicantDay(from) : '';
}
