import { whitelistKind } from '@contract/applications.ts';
import { ApplicationForm } from '@/components/application-form/application-form.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import type { CurrentUser } from '@/features/auth';
import { useDecisionsOnDiscord, useSubmitApplication } from '../api/applications.ts';

/** The texts of docs/product.md#application-forms; the success says where the decision comes (by Discord message only where the bot sends one) */
const textsFor = (onDiscord: boolean) =>
  ({
    failed: 'Application Failed',
    succeeded: {
      title: 'Application Submitted Successfully!',
      description: onDiscord
        ? 'Your application has been sent to our admins. You will get a Discord notification with the decision.'
        : 'Your application has been sent to our admins. The decision will show on the Apply page and on your account page.',
      variant: 'success',
    },
    refusal: (error: unknown) => errorMessage(error),
  }) as const;

export function WhitelistApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const submit = useSubmitApplication();
  const texts = textsFor(useDecisionsOnDiscord() === true);
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
