import { useId, useState, type FormEvent } from 'react';
import { CREATOR_CODE_MAX_LENGTH } from '@contract/creators.ts';
import { inputClasses } from '@/components/ui/form-fields.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { checkCreatorCode } from '../api/creator-codes.ts';

/**
 * The checkout's optional creator code: checked by the server when applied, then sent with the checkout, which the
 * server checks again. `applied` is the code as registered, or null.
 */
export function CreatorCodeBox({
  applied,
  onApply,
}: {
  applied: string | null;
  onApply: (code: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError('Enter a creator code, or leave the field empty.');
    setChecking(true);
    try {
      const { code } = await checkCreatorCode(text);
      setError(null);
      onApply(code);
    } catch (failure) {
      setError(errorMessage(failure, 'The code could not be checked. Please try again.'));
    } finally {
      setChecking(false);
    }
  }

  if (applied)
    return (
      <div
        className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-bayou-700 bg-bayou-950 p-3 text-sm"
        data-testid="creator-code-applied"
      >
        <p className="min-w-0 break-words">
          Creator code <strong className="text-gold-400">{applied}</strong>: supports a creator; no discount.
        </p>
        <button
          type="button"
          onClick={() => {
            setText('');
            onApply(null);
          }}
          className="text-sm font-semibold text-gold-400 underline"
        >
          Remove code
        </button>
      </div>
    );
  return (
    <form onSubmit={apply} noValidate className="mb-4 grid gap-1" data-testid="creator-code-form">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        Creator code
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="creatorCode"
          autoComplete="off"
          maxLength={CREATOR_CODE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={inputClasses}
        />
        <button
          type="submit"
          disabled={checking}
          // the checkout has a coupon code's Apply too
          aria-label={checking ? undefined : 'Apply creator'}
          className="shrink-0 rounded-md border border-gold-500 px-4 py-2 text-sm font-semibold text-gold-400 hover:bg-gold-500/10 disabled:opacity-70"
        >
          {checking ? 'Checking...' : 'Apply'}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        Optional. Supports a creator; no discount.
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
