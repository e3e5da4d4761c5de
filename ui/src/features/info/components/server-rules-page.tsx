import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { RULE_GROUPS, type Rule, type Severity } from '../data/server-rules.ts';
import { InfoPage, InfoSection } from './info-page.tsx';

const SEVERITY_CLASSES: Record<Severity, string> = {
  Critical: 'bg-red-900 text-red-100',
  High: 'bg-orange-900 text-orange-100',
  Medium: 'bg-yellow-900 text-yellow-100',
  Low: 'bg-bayou-600 text-moss-300',
};

function RuleItem({ rule }: { rule: Rule }) {
  return (
    <li data-testid="rule" className="rounded-lg border border-bayou-700 bg-bayou-950/50 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span
          data-testid="rule-number"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-gold-500 text-sm font-bold text-bayou-950"
        >
          <span className="sr-only">Rule </span>
          {rule.number}
        </span>
        <h3 className="flex-1 font-semibold text-slate-50">{rule.title}</h3>
        <span
          data-testid="severity"
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_CLASSES[rule.severity]}`}
        >
          {rule.severity}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-300">{rule.text}</p>
      <p className="mt-2 text-sm">
        <span className="font-semibold text-gold-400">Sanction: </span>
        <span data-testid="sanction" className="text-slate-200">
          {rule.sanction}
        </span>
      </p>
    </li>
  );
}

export default function ServerRulesPage() {
  return (
    <InfoPage
      title="Server Rules"
      description="The 18 rules every player follows, with the sanction for breaking each one."
      updated
    >
      {RULE_GROUPS.map((group) => (
        <InfoSection key={group.title} title={group.title}>
          <ol className="!mt-0 !list-none space-y-3 !pl-0">
            {group.rules.map((rule) => (
              <RuleItem key={rule.number} rule={rule} />
            ))}
          </ol>
        </InfoSection>
      ))}
      <InfoSection title="Punishment System">
        <p>Sanctions escalate with each offense:</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>Warning</li>
          <li>Temporary ban (1-30 days)</li>
          <li>Permanent ban</li>
        </ol>
        <p>Serious offenses skip steps: the sanction listed with a rule applies from the first offense.</p>
      </InfoSection>
      <InfoSection title="Appeals">
        <p>
          Every ban can be appealed for free through a Discord ticket, reviewed in 7-14 days, except harassment or
          doxxing, racist or hate speech, chargeback fraud, multiple serious violations and staff impersonation. Final
          decisions are made by senior staff and are binding.
        </p>
        <p>
          Read the{' '}
          <Link className="text-moss-300 underline" to={paths.appealProcess}>
            appeal process
          </Link>{' '}
          before you open a ticket.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
