import { useState } from 'react';
import type { AnswerTemplateDto } from '@contract/answer-templates.ts';
import { AdminList, AdminPage } from '@/components/ui/admin-page.tsx';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { isRefusal, NotAuthorized, RequirePermission } from '@/features/auth';
import { useDeleteTemplate, useTemplates } from '../api/templates.ts';
import { TemplateForm } from './template-form.tsx';
import { DECISION_LABELS, KIND_LABELS } from './template-words.ts';

const COLUMNS = ['Kind', 'Decision', 'Name', 'Message', 'Last changed by', 'Actions'];

/** /admin/answer-templates: the messages reviewers pick in the decision dialog, per kind and decision; admins only. */
export default function TemplatesPage() {
  return (
    <RequirePermission permission="manage-templates">
      <Templates />
    </RequirePermission>
  );
}

function Templates() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<AnswerTemplateDto | null>(null);
  if (isRefusal(templates.error)) return <NotAuthorized permission="manage-templates" />;
  return (
    <AdminPage
      title="Answer Templates"
      intro="Reviewers pick these in the decision dialog to fill the message the applicant reads, then edit it before sending. A message already sent stays as it was sent."
    >
      <TemplateForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      <AdminList heading="All templates" query={templates} actionError={remove.error} empty="No templates yet.">
        {(rows) => (
          <StackedTable caption="Answer templates by kind and decision" columns={COLUMNS}>
            {rows.map((template) => (
              <StackedRow key={template.id} testId="template-row">
                <StackedCell label="Kind">{KIND_LABELS[template.kind]}</StackedCell>
                <StackedCell label="Decision">{DECISION_LABELS[template.decision]}</StackedCell>
                <StackedCell label="Name">{template.name}</StackedCell>
                <StackedCell label="Message">
                  <span className="whitespace-pre-wrap">{template.body}</span>
                </StackedCell>
                <StackedCell label="Last changed by">{template.updatedBy ?? '—'}</StackedCell>
                <StackedCell label="Actions">
                  <span className="flex flex-wrap justify-end gap-2 md:justify-start">
                    <button
                      type="button"
                      onClick={() => setEditing(template)}
                      aria-label={`Edit ${template.name}`}
                      className="rounded-md border border-bayou-600 px-3 py-1 text-sm text-slate-100 hover:border-gold-400"
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => remove.mutate(template.id)}
                      disabled={remove.isPending}
                      aria-label={`Delete ${template.name}`}
                      className="rounded-md border border-red-400/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950/40"
                    >
                      Delete
                    </button>
                  </span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        )}
      </AdminList>
    </AdminPage>
  );
}
