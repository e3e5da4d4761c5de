import { whitelistKind } from '@contract/applications.ts';
import { ApplicationForm } from '@/components/application-form/application-form.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import type { CurrentUser } from '@/features/auth';
import { useSubmitApplication } from '../api/applications.ts';

const texts = {
  failed: 'Application Failed',
  succeeded: {
    title: 'Application Submitted Successfully!',
    description: 'Your application has been sent to our admins. You will get a Discord notification with the decision.',
    variant: 'success',
  },
  refusal: (error: unknown) => errorMessage(error),
} as const;

export function WhitelistApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const submit = useSubmitApplication();
  return (
    <ApplicationForm
      kind={whitelistKind}
      label="Whitelist application"
      applicant={user}
      submission={submit}
      texts={texts}
      onSubmitted={onSubmitted}
    />
  );
}
