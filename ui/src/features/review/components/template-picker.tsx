import { useId, useState } from 'react';
import { appealKind, staffKind, whitelistKind } from '@contract/applications.ts';
import { type AnswerTemplateDto, fillTemplate, reapplyDateFor } from '@contract/answer-templates.ts';
import { type Kind, useAnswerTemplates } from '../api/review.ts';
import type { DecidingChoice } from './vote-words.ts';

const DEFINITIONS = { whitelist: whitelistKind, staff: staffKind, appeal: appealKind } as const;
const GROUPS: Array<[DecidingChoice, string]> = [
  ['approve', 'Approval'],
  ['deny', 'Denial'],
];

/** Which template fills the message, and with what: the kind, the applicant's name, the decision when one is chosen. */
export interface TemplateContext {
  kind: Kind;
  player: string;
  /** only the chosen decision's templates; both groups when the decision is a button still to press */
  decision?: DecidingChoice;
}

/**
 * The kind's answer templates as a choice above the message: picking one fills the message with it, {player} and
 * {reapplyDate} filled in (a refusal's date to apply again, from today), for the reviewer to edit before sending.
 * Nothing shows while the kind has no template.
 */
export function TemplatePicker({ context, onPick }: { context: TemplateContext; onPick: (message: string) => void }) {
  const id = useId();
  const templates = useAnswerTemplates(context.kind, false);
  const [chosen, setChosen] = useState('');
  const shown = (templates.data ?? []).filter((t) => !context.decision || t.decision === context.decision);
  if (shown.length === 0) return null;
  const pick = (template: AnswerTemplateDto | undefined) => {
    setChosen(template?.id ?? '');
    if (!template) return;
    onPick(
      fillTemplate(template.body, {
        player: context.player,
        reapplyDate: reapplyDateFor(DEFINITIONS[context.kind], new Date()),
      }),
    );
  };
  return (
    <div className="grid min-w-0 gap-1 text-sm">
      <label htmlFor={id} className="font-semibold text-slate-200">
        Answer template
      </label>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={chosen}
        onChange={(event) => pick(shown.find((template) => template.id === event.target.value))}
        className="min-w-0 rounded-md border border-bayou-600 bg-bayou-950 px-3 py-2 text-slate-100 focus:border-gold-400 focus:outline-none focus:ring-2 focus:ring-gold-400/60"
      >
        <option value="">None: write the message yourself</option>
        {GROUPS.map(([decision, label]) => {
          const group = shown.filter((template) => template.decision === decision);
          return (
            group.length > 0 && (
              <optgroup key={decision} label={label}>
                {group.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </optgroup>
            )
          );
        })}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        Fills the message below with the player&apos;s name and, for a refusal, the day they may apply again. Edit it
        before sending.
      </p>
    </div>
  );
}
