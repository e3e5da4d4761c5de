import { staffKind } from '@contract/staff-applications.ts';
import { ApplicationForm } from '@/components/application-form/application-form.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { CurrentUser } from '@/features/auth';
import { useSubmitStaffApplication } from '../api/staff-applications.ts';
import { POSITION_ICONS } from './position-cards.tsx';

const FALLBACK_ERROR = 'There was an error submitting your application. Please try again.';

const texts = {
  failed: 'Submission Failed',
  succeeded: {
    title: 'Staff Application Submitted!',
    description:
      "Thank you for your interest! We'll review your application and get back to you within 3-5 business days.",
    variant: 'success',
    duration: 6000,
  },
  refusal: (error: unknown) =>
    error instanceof ApiError && error.serverMessage ? error.serverMessage : FALLBACK_ERROR,
} as const;

export function StaffApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const submit = useSubmitStaffApplication();
  return (
    <ApplicationForm
      kind={staffKind}
      label="Staff application"
      applicant={user}
      submission={submit}
      texts={texts}
      clearable
      icons={POSITION_ICONS}
      onSubmitted={onSubmitted}
    />
  );
}
