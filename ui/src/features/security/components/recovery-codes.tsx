/** The recovery codes, shown this once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-2 rounded-lg border border-gold-400/60 p-4">
      <h3 id="recovery-codes-title" className="font-semibold text-gold-400">
        Your recovery codes
      </h3>
      <p className="text-sm text-slate-300">
        Write these down or keep them in a password manager now: they are not shown again. Each one works once, in place
        of your passkey or app.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-100">
        {codes.map((code) => (
          <li key={code} className="rounded bg-bayou-950 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}
