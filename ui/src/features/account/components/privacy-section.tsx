import { useState } from 'react';
import type { PersonalDataExportDto } from '@contract/privacy.ts';
import { personalDataFileName } from '@contract/privacy-texts.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { day } from '@/lib/dates.ts';
import { useExportMyData, useMyPrivacy } from '../api/privacy.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

const BUTTON =
  'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-400 disabled:opacity-60';

/** hands the copy to the browser as a file download */
function saveAsFile(data: PersonalDataExportDto): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = personalDataFileName(String(data.account.id), data.exportedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "Your data": a copy of everything held about the player, and the deletion of their account (GDPR art. 15, 17, 20). */
export function PrivacySection() {
  const privacy = useMyPrivacy();
  const exported = useExportMyData();
  const [deleting, setDeleting] = useState(false);
  const pending = privacy.data?.erasure.pending ?? null;
  return (
    <section id="your-data" aria-labelledby="privacy-heading" className="mt-10 scroll-mt-24">
      <h2 id="privacy-heading" className="font-display text-2xl font-bold text-white">
        Your data
      </h2>
      <p className="mt-2 text-slate-300">
        Download a copy of everything this site holds about you (your account, purchases, tokens, applications and
        appeals, Priority Pass and in-game deliveries), or delete your account. Every request is answered within 30
        days.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={`${BUTTON} bg-gold-500 text-bayou-950 hover:bg-gold-400`}
          disabled={exported.isPending}
          onClick={() => exported.mutate(undefined, { onSuccess: saveAsFile })}
        >
          {exported.isPending ? 'Preparing your file...' : 'Download my data'}
        </button>
        <button
          type="button"
          className={`${BUTTON} border border-red-400/70 text-red-200 hover:bg-red-950/60`}
          onClick={() => setDeleting(true)}
        >
          Delete my account
        </button>
      </div>
      {exported.isSuccess && (
        <p role="status" className="mt-3 rounded-lg border border-moss-400/50 bg-moss-400/10 p-3 text-sm text-moss-200">
          Your data was downloaded as {personalDataFileName(String(exported.data.account.id), exported.data.exportedAt)}
          .
        </p>
      )}
      {exported.error && (
        <p role="alert" className="mt-3 rounded-lg border border-red-500/50 bg-red-500/10 p-3 text-sm text-red-200">
          {errorMessage(exported.error)}
        </p>
      )}
      {pending && (
        <p
          data-testid="erasure-pending"
          className="mt-3 rounded-lg border border-gold-400/50 bg-gold-400/10 p-3 text-sm text-gold-100"
        >
          You asked on {day(pending.createdAt)} for your account to be deleted. It waits:{' '}
          {pending.heldBy ?? 'staff see to it.'} Staff carry it out by {day(pending.dueAt)}.
        </p>
      )}
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} privacy={privacy} />
    </section>
  );
}
