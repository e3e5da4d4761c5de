import { type FormEvent, useState } from 'react';
import {
  APPLICATION_KIND_NAMES,
  type AnswerTemplateDto,
  type AnswerTemplateInput,
  answerTemplateSchema,
  TEMPLATE_DECISIONS,
  TEMPLATE_NAME_MAX_LENGTH,
} from '@contract/answer-templates.ts';
import { APPLICANT_MESSAGE_MAX_LENGTH } from '@contract/applications.ts';
import { Field, FormSection, fieldErrors } from '@/components/ui/form-fields.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage, fieldIssues } from '@/lib/api-client.ts';
import { useSaveTemplate } from '../api/templates.ts';
import { DECISION_LABELS, KIND_LABELS } from './template-words.ts';

type Draft = Required<AnswerTemplateInput>;
const EMPTY: Draft = { kind: 'whitelist', decision: 'approve', name: '', body: '' };

/**
 * A new answer template, or a change to the one being edited: its kind, decision, name and message. The message may
 * name {player} and, in a denial, {reapplyDate}; the same schema as the server's says what is wrong before sending.
 */
export function TemplateForm({ editing, onDone }: { editing: AnswerTemplateDto | null; onDone: () => void }) {
  const save = useSaveTemplate();
  const [draft, setDraft] = useState<Draft>(editing ? { ...editing } : EMPTY);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const issues: Record<string, string | undefined> = { ...fieldIssues(save.error), ...problems };
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = answerTemplateSchema.safeParse(draft);
    setProblems(checked.success ? {} : fieldErrors(checked.error.issues));
    if (!checked.success) return save.reset();
    save.mutate(
      { ...checked.data, ...(editing ? { id: editing.id } : {}) },
      {
        onSuccess: (saved) => {
          toast({ title: editing ? 'Template saved' : 'Template added', description: saved.name, variant: 'success' });
          setDraft(EMPTY);
          onDone();
        },
      },
    );
  }

  const refusal = save.error && Object.keys(fieldIssues(save.error)).length === 0 ? errorMessage(save.error) : null;
  return (
    <form onSubmit={submit} noValidate className="mt-6">
      <FormSection title={editing ? `Edit "${editing.name}"` : 'New template'}>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <Field label="Kind" error={issues.kind}>
            {(props) => (
              <select {...props} name="kind" value={draft.kind} onChange={set('kind')}>
                {APPLICATION_KIND_NAMES.map((kind) => (
                  <option key={kind} value={kind}>
                    {KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Decision" error={issues.decision}>
            {(props) => (
              <select {...props} name="decision" value={draft.decision} onChange={set('decision')}>
                {TEMPLATE_DECISIONS.map((decision) => (
                  <option key={decision} value={decision}>
                    {DECISION_LABELS[decision]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Name" required hint="Shown in the decision dialog's list" error={issues.name}>
            {(props) => (
              <input
                {...props}
                name="name"
                value={draft.name}
                onChange={set('name')}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
              />
            )}
          </Field>
        </div>
        <Field
          label="Message to the applicant"
          required
          hint="{player} becomes the applicant's name; in a denial, {reapplyDate} the day they may apply again."
          error={issues.body}
        >
          {(props) => (
            <textarea
              {...props}
              name="body"
              rows={4}
              value={draft.body}
              onChange={set('body')}
              maxLength={APPLICANT_MESSAGE_MAX_LENGTH}
            />
          )}
        </Field>
        {refusal && (
          <p role="alert" className="text-sm text-red-300">
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={save.isPending}
            className="rounded-md bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400 disabled:opacity-60"
          >
            {save.isPending ? 'Saving…' : editing ? 'Save template' : 'Add template'}
          </button>
          {editing && (
            <button
              type="button"
              onClick={onDone}
              className="rounded-md border border-bayou-600 px-4 py-2 text-slate-100 hover:border-gold-400"
            >
              Cancel
            </button>
          )}
        </div>
      </FormSection>
    </form>
  );
}
