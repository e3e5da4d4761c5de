import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import {
  questionsOf,
  submissionSchema,
  type ApplicationKind,
  type FormLayout,
  type Question,
} from '@contract/applications.ts';
import { ApiError } from '@/lib/api-client.ts';
import { Field, FormSection } from '@/components/ui/form-fields.tsx';
import { useToast, type ToastInput } from '@/components/ui/toast.tsx';
import { QuestionField, type CardIcons } from './question-field.tsx';

/** Who applies: the form shows the Discord name and prefills the email; the server files it under the session. */
export interface Applicant {
  email?: string | null;
  discordId: string;
  discordUsername?: string | null;
  username?: string | null;
}

export interface ApplicationFormProps {
  kind: Pick<ApplicationKind, 'answers' | 'form'>;
  /** the form's accessible name */
  label: string;
  applicant: Applicant;
  /** sends the checked answers; resolves when the server accepted them */
  submission: { isPending: boolean; mutateAsync(answers: never): Promise<unknown> };
  texts: {
    /** the toast title when the form or the server refuses the answers */
    failed: string;
    succeeded: ToastInput;
    /** what the failure toast says of a server refusal */
    refusal(error: unknown): string;
  };
  /** offers a button that empties the form */
  clearable?: boolean;
  icons?: CardIcons;
  onSubmitted(): void;
}

function initialValues(layout: FormLayout, applicant: Applicant): FieldValues {
  const values: FieldValues = {};
  for (const question of questionsOf(layout)) {
    if (question.initial !== undefined) values[question.name] = question.initial;
    else if (question.control === 'checkbox') values[question.name] = false;
    else if (question.control === 'email') values[question.name] = applicant.email ?? '';
    else if (question.control !== 'number') values[question.name] = '';
  }
  return values;
}

/** A kind's form, built from its layout and checked by its answers schema before it is sent. */
export function ApplicationForm({
  kind,
  label,
  applicant,
  submission,
  texts,
  clearable,
  icons,
  onSubmitted,
}: ApplicationFormProps) {
  const { toast } = useToast();
  const discordName = applicant.discordUsername ?? applicant.username ?? '';
  const defaults = initialValues(kind.form, applicant);
  const form = useForm<FieldValues>({
    defaultValues: defaults,
    resolver: zodResolver(submissionSchema(kind.answers)) as never,
  });

  const onValid = async (answers: FieldValues) => {
    try {
      // the server ignores discordId and discordUsername and files the application under the session's user
      await submission.mutateAsync({
        ...answers,
        discordId: applicant.discordId,
        discordUsername: discordName,
      } as never);
    } catch (error) {
      const issues =
        error instanceof ApiError
          ? (error.body as { issues?: { path: string; message: string }[] } | undefined)?.issues
          : undefined;
      for (const issue of Array.isArray(issues) ? issues : []) form.setError(issue.path, { message: issue.message });
      // the form keeps everything typed so the applicant can fix and resend
      toast({ title: texts.failed, description: texts.refusal(error), variant: 'destructive' });
      return;
    }
    toast(texts.succeeded);
    onSubmitted();
  };
  const onInvalid = () =>
    toast({ title: texts.failed, description: 'Please fix the highlighted fields.', variant: 'destructive' });

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate aria-label={label} className="grid gap-6">
        {kind.form.map((section) => (
          <FormSection key={section.title} title={section.title}>
            {section.identity && (
              <Field label="Discord Username" hint="Taken from your Discord sign-in.">
                {(props) => <input {...props} value={discordName} disabled readOnly />}
              </Field>
            )}
            {section.questions.map((entry) =>
              Array.isArray(entry) ? (
                <Row key={entry.map((q: Question) => q.name).join()} questions={entry} icons={icons} />
              ) : (
                <QuestionField key={(entry as Question).name} question={entry as Question} icons={icons} />
              ),
            )}
          </FormSection>
        ))}
        <Buttons submitting={submission.isPending} onClear={clearable ? () => form.reset(defaults) : undefined} />
      </form>
    </FormProvider>
  );
}

function Row({ questions, icons }: { questions: readonly Question[]; icons?: CardIcons }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {questions.map((question) => (
        <QuestionField key={question.name} question={question} icons={icons} />
      ))}
    </div>
  );
}

function Buttons({ submitting, onClear }: { submitting: boolean; onClear?: () => void }): ReactNode {
  const submit = (
    <button
      type="submit"
      disabled={submitting}
      className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-wait disabled:opacity-70"
    >
      {submitting ? 'Submitting...' : 'Submit Application'}
    </button>
  );
  if (!onClear) return submit;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
      <button
        type="button"
        onClick={onClear}
        className="rounded-md border border-bayou-600 px-5 py-3 font-semibold text-slate-200 hover:bg-bayou-800"
      >
        Clear Form
      </button>
      {submit}
    </div>
  );
}
