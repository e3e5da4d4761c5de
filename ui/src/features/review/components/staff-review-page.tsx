import { useState } from 'react';
import type { StaffApplicationDto } from '../../../../../adapters/http/contract/staff-applications.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useStaffApplications } from '../api/review.ts';
import { PositionBadge, StatusBadge } from './badges.tsx';
import { Counters } from './counters.tsx';
import { day } from './dates.ts';
import { Pager } from './pager.tsx';
import { Cell, ResponsiveTable, Row } from './responsive-table.tsx';
import { ReviewGate } from './review-gate.tsx';
import { StaffReviewDialog } from './staff-review-dialog.tsx';

/** /staff-review: staff applications with four counters, a table and the review modal. */
export default function StaffReviewPage() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useStaffApplications(page);
  const data = query.data;
  const open = data?.applications.find((application) => application.id === openId) ?? null;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16">
      <PageHeading title="Staff Applications" description="Review applications for the staff team." />
      <ReviewGate query={query} requiredRole="admin">
        <Counters
          label="Staff application counts"
          items={[
            { label: 'Total', value: data && Object.values(data.counts).reduce((sum, n) => sum + n, 0) },
            { label: 'Pending', value: data?.counts.pending },
            { label: 'Approved', value: data?.counts.approved },
            { label: 'Admin Applications', value: data?.positions.admin },
          ]}
        />
        {data && data.applications.length === 0 ? (
          <p className="mt-8 text-center text-slate-300">No staff applications found</p>
        ) : (
          <ResponsiveTable columns={['Applicant', 'Position', 'Experience', 'Status', 'Applied', 'Action']}>
            {data?.applications.map((application) => (
              <StaffRow key={application.id} application={application} onOpen={() => setOpenId(application.id)} />
            ))}
          </ResponsiveTable>
        )}
        {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      </ReviewGate>
      {open && <StaffReviewDialog application={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function StaffRow({ application, onOpen }: { application: StaffApplicationDto; onOpen: () => void }) {
  return (
    <Row id={application.id}>
      <Cell label="Applicant">
        <span className="block font-semibold text-slate-100">{application.realName}</span>
        <span className="block text-slate-400">{application.discordUsername}</span>
      </Cell>
      <Cell label="Position">
        <PositionBadge position={application.position} />
      </Cell>
      <Cell label="Experience">
        <span className="block">{application.currentStaff ? 'Current Staff' : 'New Applicant'}</span>
        <span className="block text-slate-400">Age {application.age}</span>
      </Cell>
      <Cell label="Status">
        <StatusBadge status={application.status} />
      </Cell>
      <Cell label="Applied">{day(application.createdAt)}</Cell>
      <Cell label="Action">
        <button type="button" onClick={onOpen} className="rounded-md bg-gold-500 px-3 py-1.5 font-semibold text-bayou-950 hover:bg-gold-400">
          Review
        </button>
      </Cell>
    </Row>
  );
}
