import { useState, type FormEvent } from 'react';
import { STAFF_TIMEZONES, staffApplicationSchema, type StaffApplicationInput } from '../../../../../adapters/http/contract/staff-applications.ts';
import { CheckboxField, Field, fieldErrors, FormSection } from '../../../components/ui/form-fields.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../auth/api/current-user.ts';
import { useSubmitStaffApplication } from '../api/staff-applications.ts';
import { PositionCards } from './position-cards.tsx';

type Text = 'email' | 'realName' | 'timezone' | 'availability' | 'position' | 'experience' | 'whyStaff' | 'scenarios' | 'languages' | 'previousCommunities' | 'references' | 'additionalInfo';
type Check = 'agreeToRules' | 'agreeToCommitment' | 'backgroundCheck';
type Values = Record<Text, string> & Record<Check, boolean> & { age: string };

const empty = (email: string): Values => ({
  email,
  realName: '',
  age: '',
  timezone: '',
  availability: '',
  position: '',
  experience: '',
  whyStaff: '',
  scenarios: '',
  languages: '',
  previousCommunities: '',
  references: '',
  additionalInfo: '',
  agreeToRules: false,
  agreeToCommitment: false,
  backgroundCheck: false,
});

const FALLBACK_ERROR = 'There was an error submitting your application. Please try again.';

export function StaffApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const [values, setValues] = useState(() => empty(user.email ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitStaffApplication();
  const { toast } = useToast();
  const discordUsername = user.discordUsername ?? user.username ?? '';
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const payload = { ...values, discordUsername, discordId: user.discordId, age: values.age === '' ? undefined : Number(values.age) };
    const parsed = staffApplicationSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      toast({ title: 'Submission Failed', description: 'Please fix the highlighted fields.', variant: 'destructive' });
      return;
    }
    setErrors({});
    submit.mutate(parsed.data satisfies StaffApplicationInput, {
      onSuccess: () => {
        toast({
          title: 'Staff Application Submitted!',
          description: "Thank you for your interest! We'll review your application and get back to you within 3-5 business days.",
          variant: 'success',
          duration: 6000,
        });
        onSubmitted();
      },
      // the form keeps everything typed so the applicant can fix and resend
      onError: (error) => {
        const description = error instanceof ApiError && error.serverMessage ? error.serverMessage : FALLBACK_ERROR;
        toast({ title: 'Submission Failed', description, variant: 'destructive' });
      },
    });
  };

  const text = (key: Text, label: string, options: { rows?: number; required?: boolean; hint?: string } = {}) => (
    <Field label={label} error={errors[key]} required={options.required ?? true} hint={options.hint}>
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
    <form onSubmit={onSubmit} noValidate aria-label="Staff application" className="grid gap-6">
      <FormSection title="Position">
        <PositionCards value={values.position} onChange={(position) => set('position', position)} error={errors.position} />
      </FormSection>
      <FormSection title="About You">
        <Field label="Discord Username" hint="Taken from your Discord sign-in.">
          {(props) => <input {...props} value={discordUsername} disabled readOnly />}
        </Field>
        <Field label="Email" error={errors.email} required>
          {(props) => <input {...props} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />}
        </Field>
        {text('realName', 'Real Name')}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Age" error={errors.age} required>
            {(props) => <input {...props} type="number" inputMode="numeric" min={18} max={65} value={values.age} onChange={(e) => set('age', e.target.value)} />}
          </Field>
          <Field label="Timezone" error={errors.timezone} required>
            {(props) => (
              <select {...props} value={values.timezone} onChange={(e) => set('timezone', e.target.value)}>
                <option value="">Select your timezone</option>
                {STAFF_TIMEZONES.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {text('availability', 'Availability', { hint: 'Days and hours you can be on duty' })}
        {text('languages', 'Languages', { required: false, hint: 'Optional' })}
      </FormSection>
      <FormSection title="Experience">
        {text('experience', 'Staff or moderation experience', { rows: 4 })}
        {text('previousCommunities', 'Previous communities', { required: false, hint: 'Optional' })}
        {text('whyStaff', 'Why do you want to join the staff team?', { rows: 4 })}
        {text('scenarios', 'Two players are arguing in chat and it is getting personal. What do you do?', { rows: 4 })}
        {text('references', 'References', { required: false, hint: 'Optional' })}
        {text('additionalInfo', 'Anything else we should know?', { rows: 3, required: false, hint: 'Optional' })}
      </FormSection>
      <FormSection title="Agreements">
        <CheckboxField label="I agree to follow the server rules and staff guidelines" checked={values.agreeToRules} onChange={(v) => set('agreeToRules', v)} error={errors.agreeToRules} required />
        <CheckboxField label="I commit to at least 15 hours a week" checked={values.agreeToCommitment} onChange={(v) => set('agreeToCommitment', v)} error={errors.agreeToCommitment} required />
        <CheckboxField label="I accept a possible background check of my server history" checked={values.backgroundCheck} onChange={(v) => set('backgroundCheck', v)} error={errors.backgroundCheck} required />
      </FormSection>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => {
            setValues(empty(user.email ?? ''));
            setErrors({});
          }}
          className="rounded-md border border-bayou-600 px-5 py-3 font-semibold text-slate-200 hover:bg-bayou-800"
        >
          Clear Form
        </button>
        <button type="submit" disabled={submit.isPending} className="rounded-md bg-gold-500 px-5 py-3 font-semibold text-bayou-950 hover:bg-gold-400 disabled:cursor-wait disabled:opacity-70">
          {submit.isPending ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
