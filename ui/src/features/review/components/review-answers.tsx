import { HOURS_PER_WEEK_OPTIONS, questionsOf, type ApplicationKind, type Question } from '@contract/applications.ts';
import { LongAnswer } from './review-dialog.tsx';

/** The answers a kind lists on review screens (those with a review label): long answers, then the agreements ticked. */
export function ReviewAnswers({ kind, application }: { kind: Pick<ApplicationKind, 'form'>; application: object }) {
  const answers = application as Record<string, unknown>;
  const listed = questionsOf(kind.form).filter((question): question is Question & { review: string } =>
    Boolean(question.review),
  );
  const agreements = listed.filter((question) => question.control === 'checkbox');
  return (
    <>
      {listed
        .filter((question) => question.control !== 'checkbox')
        .map((question) => (
          <LongAnswer
            key={question.name}
            label={question.review}
            text={answers[question.name] == null ? null : String(answers[question.name])}
          />
        ))}
      {agreements.length > 0 && (
        <ul aria-label="Rules agreements" className="grid gap-1 text-sm">
          {agreements.map((question) => (
            <li key={question.name}>
              {answers[question.name] ? '✓' : '✗'} {question.review}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** a whitelist answer's hours a week, as the form offered it */
export const hoursPerWeek = (value: number) =>
  HOURS_PER_WEEK_OPTIONS.find((option) => option.value === value)?.label ?? value;
