import type { StoreRulesDto } from '@contract/dashboard.ts';
import { useStoreRules } from '../api/store-rules.ts';

const GATEWAYS: Record<StoreRulesDto['gateway'], string> = {
  demo: 'demo card payments',
  stripe: 'Stripe',
  tebex: 'Tebex',
};

/** What each rule means for this store, in one line each, from its settings. */
function ruleLines(rules: StoreRulesDto): { id: string; title: string; text: string; warn: boolean }[] {
  const listedBy = rules.fivemListedSet ? 'FIVEM_LISTED=true' : 'FIVEM_LISTED, on while GAME_API_KEY is set';
  const currency = rules.risks.filter((risk) => risk.rule === 'currency').length;
  return [
    {
      id: 'licence',
      title: 'FiveM platform licence',
      text: !rules.fivemListed
        ? 'Does not apply: FIVEM_LISTED=false, the server is not listed on FiveM.'
        : rules.gateway === 'tebex'
          ? `Applies (${listedBy}): payments go through Tebex, as the licence asks.`
          : `Applies (${listedBy}), but payments go through ${GATEWAYS[rules.gateway]}: a production start is refused until PAYMENT_GATEWAY=tebex.`,
      warn: rules.fivemListed && rules.gateway !== 'tebex',
    },
    {
      id: 'tokens',
      title: 'Tokens for money',
      text: rules.purchaseTokens
        ? `On: ${currency} ${currency === 1 ? 'item credits' : 'items credit'} tokens, a currency the game spends. PURCHASE_TOKENS=off stops it.`
        : 'Off (PURCHASE_TOKENS=off): purchases credit no tokens.',
      warn: rules.purchaseTokens && rules.fivemListed,
    },
    {
      id: 'withdrawal',
      title: 'Right of withdrawal',
      text: `Every checkout asks the buyer's consent to delivery at once (wording of ${rules.withdrawalConsentVersion}), and their age before a first purchase.`,
      warn: false,
    },
    {
      id: 'receipts',
      title: 'Receipts by email',
      text: rules.mailHost
        ? `Sent through ${rules.mailHost}.`
        : 'Written as files under DATA_DIR/mail: buyers receive none until SMTP_URL is set.',
      warn: rules.mailHost === null,
    },
  ];
}

/** The admin dashboard's rules: which apply to this store, and the catalogue items that risk the platform's rules. */
export function StoreRules() {
  const rules = useStoreRules();
  if (!rules.data) return null;
  const risky = new Set(rules.data.risks.map((risk) => risk.id));
  return (
    <section aria-labelledby="store-rules-title" className="mt-6 rounded-xl border border-bayou-700 bg-bayou-900 p-4">
      <h2 id="store-rules-title" className="font-display text-xl font-bold text-white">
        Rules this store sells under
      </h2>
      <dl className="mt-3 grid gap-3 md:grid-cols-2">
        {ruleLines(rules.data).map((line) => (
          <div
            key={line.id}
            data-testid={`rule-${line.id}`}
            className={`rounded-lg border p-3 ${line.warn ? 'border-amber-500/60 bg-amber-950/30' : 'border-bayou-700'}`}
          >
            <dt className="text-sm font-semibold text-slate-100">{line.title}</dt>
            <dd className="mt-1 text-sm text-slate-300">{line.text}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-3 text-sm text-slate-300" data-testid="catalogue-risks">
        <summary className="cursor-pointer font-semibold text-slate-100">
          {risky.size === 0
            ? `All ${rules.data.items} catalogue items keep to the platform's rules`
            : `${risky.size} of ${rules.data.items} catalogue items risk the platform's rules`}
        </summary>
        <ul className="mt-2 space-y-1">
          {rules.data.risks.map((risk) => (
            <li key={`${risk.id}-${risk.rule}-${risk.why}`}>
              <span className="font-medium text-slate-100">{risk.name}</span>: {risk.why}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs">The same list: npm run cli -- catalogue check</p>
      </details>
    </section>
  );
}
