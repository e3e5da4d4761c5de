import { useStaffDecisionsOnDiscord } from '../api/staff-applications.ts';
import {
  ApplicationStatusCard,
  DiscordCommunityLink,
  type MyApplication,
  OpenApplicationStatus,
  RefusedApplicationStatus,
} from '@/components/application-form/application-status.tsx';

/** Where the applicant's latest staff application stands, and what happens next. */
export function StaffApplicationStatus({ application }: { application: MyApplication }) {
  const onDiscord = useStaffDecisionsOnDiscord() === true;
  if (application.status === 'pending' || application.status === 'under_review')
    return (
      <OpenApplicationStatus
        title="Your staff application"
        application={application}
        reviewTime="Staff applications are reviewed within 3-5 business days."
        onDiscord={onDiscord}
        byDiscord="We will contact you on Discord, and the decision will show on this page."
      >
        <p>There is no need to apply again while this one is open.</p>
      </OpenApplicationStatus>
    );
  if (application.status === 'approved')
    return (
      <ApplicationStatusCard
        title="Your staff application"
        application={application}
        tone="approved"
        summary="Welcome to the team!"
        next="What happens next"
      >
        <p>A member of the staff team will contact you on Discord about the next steps.</p>
        <p>
          Keep an eye on your Discord messages and stay active in our <DiscordCommunityLink />.
        </p>
      </ApplicationStatusCard>
    );
  return (
    <RefusedApplicationStatus
      title="Your latest staff application"
      application={application}
      summary="It was not accepted this time."
      meanwhile={(day) => (
        <>You can apply again from {day}. Meanwhile, stay active on the server and in our Discord community.</>
      )}
    />
  );
}
