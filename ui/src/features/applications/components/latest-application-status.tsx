import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { useDecisionsOnDiscord } from '../api/applications.ts';
import {
  DiscordCommunityLink,
  type MyApplication,
  OpenApplicationStatus,
  RefusedApplicationStatus,
} from '@/components/application-form/application-status.tsx';

/** Where the applicant's latest whitelist application stands (an approved one shows AlreadyWhitelisted instead). */
export function LatestApplicationStatus({ application }: { application: MyApplication }) {
  const onDiscord = useDecisionsOnDiscord() === true;
  if (application.status === 'pending')
    return (
      <OpenApplicationStatus
        title="Your whitelist application"
        application={application}
        reviewTime="Our admins review every application within 24-48 hours."
        onDiscord={onDiscord}
        byDiscord="You will get the decision by Discord notification, and it will show on this page."
      >
        <p>
          Meanwhile, come and meet the locals in our <DiscordCommunityLink />.
        </p>
      </OpenApplicationStatus>
    );
  return (
    <RefusedApplicationStatus
      title="Your latest whitelist application"
      application={application}
      summary="It was not approved this time."
      meanwhile={(day) => (
        <>
          You can send a new application from {day}. Use the time to work on your character&apos;s story and read the{' '}
          <Link to={paths.serverRules} className="underline">
            server rules
          </Link>
          .
        </>
      )}
    />
  );
}
