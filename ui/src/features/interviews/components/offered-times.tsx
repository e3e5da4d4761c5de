import { useState } from 'react';
import type { InterviewSlotDto } from '@contract/interviews.ts';
import { StackedCell, StackedRow, StackedTable } from '@/components/ui/stacked-table.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useBookInterview } from '../api/interviews.ts';
import { PRIMARY } from './buttons.ts';
import { interviewTime } from './interview-time.ts';
import { Refusal } from '@/components/ui/refusal.tsx';

/** The times staff offered, each with Book: a table on wide screens, cards on a phone. */
export function OfferedTimes({ slots }: { slots: InterviewSlotDto[] }) {
  const book = useBookInterview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const pick = (slot: InterviewSlotDto) => {
    setRefusal(null);
    book.mutate(slot.id, {
      onSuccess: (interview) =>
        toast({
          title: 'Interview booked',
          description: `${interviewTime(interview.startsAt)} with ${interview.reviewerName}. You and the interviewer get a Discord reminder 30 minutes before.`,
          variant: 'success',
        }),
      onError: (error) => setRefusal(errorMessage(error)),
    });
  };
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-200">Pick the time that suits you:</p>
      <StackedTable caption="Interview times offered to you" columns={['Time', 'Length', 'With', 'Book']}>
        {slots.map((slot) => (
          <StackedRow key={slot.id} testId="offered-time">
            <StackedCell label="Time">{interviewTime(slot.startsAt)}</StackedCell>
            <StackedCell label="Length">{slot.minutes} minutes</StackedCell>
            <StackedCell label="With">{slot.reviewerName}</StackedCell>
            <StackedCell label="Book">
              <button
                type="button"
                className={PRIMARY}
                disabled={book.isPending}
                aria-label={`Book ${interviewTime(slot.startsAt)}`}
                onClick={() => pick(slot)}
              >
                Book
              </button>
            </StackedCell>
          </StackedRow>
        ))}
      </StackedTable>
      <div className="mt-2">
        <Refusal message={refusal} />
      </div>
    </div>
  );
}
