import { useState } from 'react';
import type { WhitelistApplicationDto } from '@contract/applications.ts';
import { useToast } from '@/components/ui/toast.tsx';
import { useUpdateApplication } from '../api/review.ts';
import { shownStatus, StatusBadge } from './badges.tsx';
import { dayAndTime } from '@/lib/dates.ts';
import { Detail, LongAnswer } from './review-dialog.tsx';
import { ApplicantMessageField, ReviewNotesField } from './review-text-fields.tsx';

export function WhitelistReviewPanel({ application }: { application: WhitelistApplicationDto }) {
  const [notes, setNotes] = useState('');
  const [message, setMessage] = useState('');
  const update = useUpdateApplication();
  const { toast } = useToast();

  const decide = (status: 'approved' | 'denied') =>
    update.mutate(
      { id: application.id, status, reviewNotes: notes, applicantMessage: message },
      {
        onSuccess: () =>
          toast({
            title: 'Application Updated',
            description: 'Application review has been submitted successfully.',
            variant: 'success',
          }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to update application. Please try again.',
            variant: 'destructive',
          }),
      },
    );

  return (
    <article className="grid gap-4 rounded-xl border border-bayou-700 bg-bayou-900 p-4 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-xl font-bold text-gold-400">{application.discordUsername}</h2>
        <StatusBadge status={shownStatus(application.status)} />
      </header>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label="Email">{application.email}</Detail>
        <Detail label="Age">{application.age}</Detail>
        <Detail label="Timezone">{application.timezone}</Detail>
        <Detail label="Applied">{dayAndTime(application.createdAt)}</Detail>
        {application.reviewedBy && <Detail label="Reviewed by">{application.reviewedBy}</Detail>}
        {application.reviewedAt && <Detail label="Reviewed">{dayAndTime(application.reviewedAt)}</Detail>}
      </dl>
      <LongAnswer label="Backstory" text={application.characterBackground} />
      <LongAnswer label="Roleplay background" text={application.rpExperience} />
      <LongAnswer label="Character goals" text={application.characterGoals} />
      <LongAnswer label="Why join the server" text={application.whyJoinServer} />
      {application.reviewNotes && <LongAnswer label="Review notes (staff only)" text={application.reviewNotes} />}
      {application.applicantMessage && (
        <LongAnswer label="Message to the applicant" text={application.applicantMessage} />
      )}
      {application.status === 'pending' && (
        <div className="grid gap-3">
          <ReviewNotesField value={notes} onChange={setNotes} label="Review notes (optional)" />
          <ApplicantMessageField value={message} onChange={setMessage} />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              disabled={update.isPending}
              onClick={() => decide('approved')}
              className="rounded-md bg-green-600 px-4 py-2 font-semibold text-white hover:bg-green-500 disabled:opacity-60"
            >
              Approve
            </button>
            <button
              type="button"
              disabled={update.isPending}
              onClick={() => decide('denied')}
              className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-60"
            >
              Deny
            </button>
          </div>
        </div>
      )}
    </article>
  );
}
