import { type ApiScope, API_SCOPES, SCOPE_LABELS, scopeNeeds } from '@contract/api-tokens.ts';

/** Why a scope's box is greyed out: the permission it needs, which the admin does not hold. */
const needs = (scope: ApiScope) => `Needs the ${scopeNeeds(scope)} permission, which you do not hold.`;

/** One checkbox per scope, each saying what it reads; those the admin's permissions do not allow are disabled. */
export function ScopeChoices({
  chosen,
  allowed,
  onChange,
  error,
}: {
  chosen: readonly ApiScope[];
  allowed: readonly ApiScope[];
  onChange: (scopes: ApiScope[]) => void;
  error?: string;
}) {
  const toggle = (scope: ApiScope, on: boolean) =>
    onChange(API_SCOPES.filter((other) => (other === scope ? on : chosen.includes(other))));
  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={error ? 'scope-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-200">
        Scopes <span className="text-red-300">*</span>
      </legend>
      {API_SCOPES.map((scope) => {
        const disabled = !allowed.includes(scope);
        const id = `scope-${scope.replace(':', '-')}`;
        return (
          <div key={scope} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              checked={chosen.includes(scope)}
              disabled={disabled}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-describedby={`${id}-text`}
              className="mt-1 h-4 w-4 shrink-0 accent-gold-400 disabled:cursor-not-allowed"
            />
            <div className="min-w-0">
              <label htmlFor={id} className={`text-sm font-medium ${disabled ? 'text-slate-400' : 'text-slate-100'}`}>
                <code>{scope}</code>
              </label>
              <p id={`${id}-text`} className="text-xs text-slate-400">
                {SCOPE_LABELS[scope]}.{disabled ? ` ${needs(scope)}` : ''}
              </p>
            </div>
          </div>
        );
      })}
      {error && (
        <p id="scope-error" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
}
