import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type FieldValues } from 'react-hook-form';
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
  /** the submit button's words ('Submit Application' unless given) */
  submitLabel?: string;
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
  submitLabel = 'Submit Application',
  icons,
  onSubmitted,
}: ApplicationFormProps) {
  const { toast } = useToast();
  const discordName = applicant.discordUsername ?? applicant.username ?? '';
  const defaults = initialValues(kind.form, applicant);
  const form = useForm<FieldValues>({
    defaultValues: defaults,
    resolver: zodResolver(submissionSchema(kind.answers)) as never,
    // after the first submit every change checks its answer again, so a fixed answer loses its error at once
    reValidateMode: 'onChange',
    // the form moves focus itself, to the first invalid question in the order the applicant reads them
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // long answers are work: nothing is wiped without asking, and the player is told it was
  const clear = () => {
    const answered = JSON.stringify(form.getValues()) !== JSON.stringify(defaults);
    if (!answered || !window.confirm('Clear every answer on this form? This cannot be undone.')) return;
    form.reset(defaults);
    toast({ title: 'Form cleared', description: 'Every answer was removed. Start again from the top.' });
  };
  const order = questionsOf(kind.form).map((question) => question.name);
  const focusFirstError = (invalid: (name: string) => boolean) => {
    const first = order.find(invalid);
    const question = first ? formRef.current?.querySelector(`[data-question="${first}"]`) : null;
    const target = question?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button');
    if (!target) return;
    target.focus({ preventScroll: true });
    // centred: never under the sticky header, with its label and message in view
    target.scrollIntoView({ block: 'center' });
  };

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
      const refused = Array.isArray(issues) ? issues : [];
      for (const issue of refused) form.setError(issue.path, { message: issue.message });
      // the form keeps everything typed so the applicant can fix and resend
      toast({ title: texts.failed, description: texts.refusal(error), variant: 'destructive' });
      if (refused.length > 0) focusFirstError((name) => refused.some((issue) => issue.path === name));
      return;
    }
    toast(texts.succeeded);
    onSubmitted();
  };
  const onInvalid = (errors: FieldErrors) => {
    toast({ title: texts.failed, description: 'Please fix the highlighted fields.', variant: 'destructive' });
    focusFirstError((name) => Boolean(errors[name]));
  };
  const messages = order
    .map((name) => ({ name, message: form.formState.errors[name]?.message }))
    .filter((entry): entry is { name: string; message: string } => typeof entry.message === 'string');

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        onSubmit={form.handleSubmit(onValid, onInvalid)}
        noValidate
        aria-label={label}
        className="grid gap-6"
      >
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
        <ErrorSummary messages={messages} />
        <Buttons submitting={submission.isPending} label={submitLabel} onClear={clearable ? clear : undefined} />
      </form>
    </FormProvider>
  );
}

/** Read out as soon as a submit fails, and shown beside the button: what is left to answer. */
function ErrorSummary({ messages }: { messages: { name: string; message: string }[] }) {
  return (
    <div role="alert" aria-live="assertive">
      {messages.length > 0 && (
        <div className="rounded-lg border border-red-400/60 bg-red-950/40 p-4 text-sm text-red-100">
          <p className="font-semibold">
            {messages.length === 1 ? 'One answer needs' : `${messages.length} answers need`} another look:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {messages.map(({ name, message }) => (
              <li key={name}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Row({ questions, icons }: { questions: readonly Question[]; icons?: CardIcons }) {
  return (
    // items-start: a neighbour's long error never stretches a field
    <div className="grid items-start gap-4 sm:grid-cols-2">
      {questions.map((question) => (
        <QuestionField key={question.name} question={question} icons={icons} />
      ))}
    </div>
  );
}

function Buttons({
  submitting,
  label,
  onClear,
}: {
  submitting: boolean;
  label: string;
  onClear?: () => void;
}): ReactNode {
  const submit = (
    <button
      type="submit"
      disabled={submitting}
      className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-wait disabled:opacity-70"
    >
      {submitting ? 'Submitting...' : label}
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
