import type { ComponentType } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { Question } from '@contract/applications.ts';
import { CheckboxField, Field } from '@/components/ui/form-fields.tsx';

export type CardIcons = Record<string, ComponentType<{ 'aria-hidden'?: boolean; className?: string }>>;

const asNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

/**
 * One question of a kind's form, as its layout declares it. Its box is marked with the question's name, which the
 * form uses to move focus to the first invalid answer; every control keeps clear of the sticky header.
 */
export function QuestionField({ question, icons }: { question: Question; icons?: CardIcons }) {
  return (
    <div
      data-question={question.name}
      className="min-w-0 [&_button]:scroll-mt-24 [&_input]:scroll-mt-24 [&_select]:scroll-mt-24 [&_textarea]:scroll-mt-24"
    >
      <QuestionControl question={question} icons={icons} />
    </div>
  );
}

function QuestionControl({ question, icons }: { question: Question; icons?: CardIcons }) {
  const { register, control, formState } = useFormContext();
  const error = formState.errors[question.name]?.message as string | undefined;
  const required = !question.optional;
  const numeric = question.control === 'number' || typeof question.options?.[0]?.value === 'number';
  const native = () => register(question.name, numeric ? { setValueAs: asNumber } : {});
  const hint = question.recommended ? <Count name={question.name} recommended={question.recommended} /> : question.hint;

  switch (question.control) {
    case 'checkbox':
      return (
        <Controller
          name={question.name}
          control={control}
          render={({ field: box }) => (
            <CheckboxField
              label={question.label}
              checked={box.value === true}
              onChange={box.onChange}
              error={error}
              required={required}
            />
          )}
        />
      );
    case 'cards':
      return <CardsField question={question} error={error} icons={icons} />;
    case 'select':
      return (
        <Field label={question.label} error={error} hint={question.hint} required={required}>
          {(props) => (
            <select {...props} {...native()}>
              {question.placeholder && <option value="">{question.placeholder}</option>}
              {question.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'textarea':
      return (
        <Field label={question.label} error={error} hint={hint} required={required}>
          {(props) => <textarea {...props} {...native()} rows={question.rows} />}
        </Field>
      );
    default:
      return (
        <Field label={question.label} error={error} hint={hint} required={required}>
          {(props) => (
            <input
              {...props}
              {...native()}
              type={question.control}
              {...(question.control === 'email' ? { autoComplete: 'email' } : {})}
              {...(question.control === 'number'
                ? { inputMode: 'numeric' as const, min: question.min, max: question.max }
                : {})}
            />
          )}
        </Field>
      );
  }
}

/** A recommended length is shown, never enforced. */
function Count({ name, recommended }: { name: string; recommended: number }) {
  const value = useWatch({ name }) as string | undefined;
  return <>{`${(value ?? '').trim().length} characters (${recommended}+ recommended)`}</>;
}

function CardsField({ question, error, icons }: { question: Question; error?: string; icons?: CardIcons }) {
  const labelId = `${question.name}-label`;
  const errorId = `${question.name}-error`;
  const { trigger, formState } = useFormContext();
  return (
    <Controller
      name={question.name}
      render={({ field }) => (
        // biome-ignore lint/a11y/useSemanticElements: a labelled group of choice cards laid out as a grid, where a fieldset's rendering does not fit
        <div
          role="group"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          className="grid gap-2"
        >
          <p id={labelId} className="text-sm font-medium text-slate-200">
            {question.label}
            <span className="text-red-300"> *</span>
          </p>
          {/* above the cards: in view with the first card, which takes focus after a failed submit */}
          {error && (
            <p id={errorId} className="text-sm text-red-300">
              {error}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {question.options?.map(({ value, label, description }) => {
              const Icon = icons?.[value];
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={field.value === value}
                  aria-describedby={error ? errorId : undefined}
                  onClick={() => {
                    field.onChange(value);
                    // after a submit, choosing clears the error at once
                    if (formState.isSubmitted) void trigger(question.name);
                  }}
                  className={`flex items-start gap-3 rounded-lg border p-4 text-left ${field.value === value ? 'border-gold-400 bg-bayou-800' : 'border-bayou-600 bg-bayou-950 hover:border-moss-400'}`}
                >
                  {Icon && <Icon aria-hidden className="mt-0.5 shrink-0 text-moss-400" />}
                  <span>
                    <span className="block font-semibold text-gold-400">{label}</span>
                    {description && <span className="block text-sm text-slate-300">{description}</span>}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      )}
    />
  );
}
