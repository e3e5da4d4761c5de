import { useState, type FormEvent } from 'react';
import {
  HOURS_PER_WEEK_OPTIONS,
  WHITELIST_TIMEZONES,
  whitelistApplicationSchema,
  type WhitelistApplicationInput,
} from '../../../../../adapters/http/contract/applications.ts';
import { CheckboxField, Field, fieldErrors, FormSection } from '../../../components/ui/form-fields.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../auth/api/current-user.ts';
import { useSubmitApplication } from '../api/applications.ts';

type Text = 'email' | 'timezone' | 'rpExperience' | 'previousCommunities' | 'characterBackground' | 'characterGoals' | 'roleplayScenario' | 'whyJoinServer';
type Check = 'isEighteenPlus' | 'rulesUnderstood' | 'noMetagaming' | 'respectfulBehavior';

interface Values extends Record<Text, string>, Record<Check, boolean> {
  age: string;
  hoursPerWeek: number;
}

function initialValues(user: CurrentUser): Values {
  return {
    email: user.email ?? '',
    age: '18',
    timezone: '',
    hoursPerWeek: HOURS_PER_WEEK_OPTIONS[0].value,
    rpExperience: '',
    previousCommunities: '',
    characterBackground: '',
    characterGoals: '',
    roleplayScenario: '',
    whyJoinServer: '',
    isEighteenPlus: false,
    rulesUnderstood: false,
    noMetagaming: false,
    respectfulBehavior: false,
  };
}

const count = (value: string, recommended: number) => `${value.trim().length} characters (${recommended}+ recommended)`;

export function WhitelistApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitApplication();
  const { toast } = useToast();
  const discordUsername = user.discordUsername ?? user.username ?? '';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // the server ignores discordId and discordUsername and files the application under the session's user
    const payload = { ...values, discordUsername, discordId: user.discordId, age: values.age === '' ? undefined : Number(values.age) };
    const parsed = whitelistApplicationSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      toast({ title: 'Application Failed', description: 'Please fix the highlighted fields.', variant: 'destructive' });
      return;
    }
    setErrors({});
    submit.mutate(parsed.data satisfies WhitelistApplicationInput, {
      onSuccess: () => {
        toast({
          title: 'Application Submitted Successfully!',
          description: 'Your application has been sent to our admins. You will get a Discord notification with the decision.',
          variant: 'success',
        });
        onSubmitted();
      },
      onError: (error) => {
        if (error instanceof ApiError && Array.isArray((error.body as { issues?: unknown })?.issues)) {
          setErrors(fieldErrors((error.body as { issues: { path: string; message: string }[] }).issues.map((i) => ({ path: [i.path], message: i.message }))));
        }
        toast({ title: 'Application Failed', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  const text = (key: Text, label: string, options: { hint?: string; rows?: number; required?: boolean } = {}) => (
    <Field label={label} error={errors[key]} hint={options.hint} required={options.required ?? true}>
      {(props) =>
        options.rows ? (
          <textarea {...props} rows={options.rows} value={values[key]} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input {...props} value={values[key]} onChange={(e) => set(key, e.target.value)} />
        )
      }
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Whitelist application" className="grid gap-6">
      <FormSection title="Personal Information">
        <Field label="Discord Username" hint="Taken from your Discord sign-in.">
          {(props) => <input {...props} value={discordUsername} disabled readOnly />}
        </Field>
        <Field label="Email" error={errors.email} required>
          {(props) => <input {...props} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Age" error={errors.age} required>
            {(props) => <input {...props} type="number" inputMode="numeric" min={18} max={99} value={values.age} onChange={(e) => set('age', e.target.value)} />}
          </Field>
          <Field label="Timezone" error={errors.timezone} required>
            {(props) => (
              <select {...props} value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
                <option value="">Select your timezone</option>
                {WHITELIST_TIMEZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <CheckboxField label="I confirm that I am 18 years of age or older" checked={values.isEighteenPlus} onChange={(v) => set('isEighteenPlus', v)} error={errors.isEighteenPlus} required />
      </FormSection>

      <FormSection title="Roleplay Experience">
        {text('rpExperience', 'Describe your roleplay experience', { rows: 4, hint: count(values.rpExperience, 150) })}
        {text('previousCommunities', 'Previous roleplay communities', { required: false, hint: 'Optional' })}
        <Field label="Hours per week you can play" error={errors.hoursPerWeek} required>
          {(props) => (
            <select {...props} value={values.hoursPerWeek} onChange={(e) => set('hoursPerWeek', Number(e.target.value))}>
              {HOURS_PER_WEEK_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </FormSection>

      <FormSection title="Character Concept">
        {text('characterBackground', "Your character's background", { rows: 5, hint: count(values.characterBackground, 200) })}
        {text('characterGoals', "Your character's goals", { rows: 3 })}
        {text('roleplayScenario', 'You are robbed at gunpoint in the city. How do you roleplay it?', { rows: 4, hint: count(values.roleplayScenario, 150) })}
      </FormSection>

      <FormSection title="Server Interest">{text('whyJoinServer', 'Why do you want to join our server?', { rows: 3 })}</FormSection>

      <FormSection title="Rules & Guidelines Agreement">
        <CheckboxField label="I have read and understand the server rules" checked={values.rulesUnderstood} onChange={(v) => set('rulesUnderstood', v)} error={errors.rulesUnderstood} required />
        <CheckboxField label="I will not metagame (use out-of-character information in character)" checked={values.noMetagaming} onChange={(v) => set('noMetagaming', v)} error={errors.noMetagaming} required />
        <CheckboxField label="I will treat every player and staff member with respect" checked={values.respectfulBehavior} onChange={(v) => set('respectfulBehavior', v)} error={errors.respectfulBehavior} required />
      </FormSection>

      <button type="submit" disabled={submit.isPending} className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-wait disabled:opacity-70">
        {submit.isPending ? 'Submitting...' : 'Submit Application'}
      </button>
    </form>
  );
}
