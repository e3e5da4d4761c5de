import { ExternalLink, ShieldCheck } from 'lucide-react';

/**
 * Tebex takes the payment on its own page: the buyer signs in there with their Cfx.re account when the webstore asks,
 * pays, and comes back to the success page, which shows what the server has heard of the payment.
 */
export function TebexCheckoutLink({ url, payLabel }: { url: string | null; payLabel: string }) {
  if (!url)
    return (
      <p role="alert" className="rounded-md border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-100">
        This payment cannot be made here. Open your account page to see where it stands.
      </p>
    );
  return (
    <div className="space-y-3">
      <p className="flex gap-2 rounded-md border border-moss-500/40 bg-bayou-950 px-3 py-2 text-sm text-slate-200">
        <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-moss-300" />
        <span>
          Payments are taken by Tebex, the licensed store partner of FiveM servers. You may be asked to sign in with
          your Cfx.re account, then you pay on Tebex's page and come back here.
        </span>
      </p>
      <a
        href={url}
        data-testid="tebex-checkout"
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-gold-500 px-4 py-3 font-semibold text-bayou-950 hover:bg-gold-400"
      >
        {payLabel} on Tebex
        <ExternalLink aria-hidden className="h-4 w-4" />
      </a>
    </div>
  );
}
