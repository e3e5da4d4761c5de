import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

/** Copies `value` to the clipboard; says "Copied" a moment after. `label` names what it copies for screen readers. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy ${label}`}
      className="inline-flex shrink-0 items-center gap-1 rounded-md border border-bayou-600 px-2 py-1 text-xs text-slate-200 hover:bg-bayou-800"
    >
      {copied ? <Check aria-hidden size={14} /> : <Copy aria-hidden size={14} />}
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
