import { Link } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { usePaymentsConfig } from '@/lib/payments-config.ts';
import { footerLinks } from '@/config/paths.ts';

const socialLinks = [
  { href: brand.discordInvite, label: 'Discord' },
  { href: brand.youtube, label: 'YouTube' },
  { href: brand.instagram, label: 'Instagram' },
  { href: brand.tiktok, label: 'TikTok' },
];

export function Footer() {
  // a store that sells through Tebex says so, not Stripe
  const payments = usePaymentsConfig();
  return (
    <footer className="border-t border-bayou-700 bg-bayou-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        {/* named apart from the home page's hero, whose heading is the brand name too */}
        <section aria-label={`About ${brand.name}`}>
          <h2 className="mb-2 font-display text-base font-bold text-gold-400">{brand.name}</h2>
          <p>The premier FiveM roleplay server since 2025, bringing the heart of Louisiana to life.</p>
          {/* There is no email or text list: news goes out on Discord, so this points there with a real link. */}
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-400">News and events</p>
          <p className="mt-1">
            Events, drops and whitelist openings are announced first on{' '}
            <a
              href={brand.discordInvite}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-moss-300 underline underline-offset-2 hover:text-gold-400"
            >
              our Discord
            </a>
            .
          </p>
        </section>
        <nav aria-label="Footer">
          <h2 className="mb-2 font-display text-base font-bold text-gold-400">Information</h2>
          <ul className="grid grid-cols-2 gap-1">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-moss-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="mb-2 font-display text-base font-bold text-gold-400">
            Follow us
          </h2>
          <ul className="flex flex-wrap gap-3">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className="hover:text-moss-300">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="border-t border-bayou-800 px-4 py-6 text-center text-xs text-slate-400">
        <p className="mx-auto max-w-4xl">
          {brand.name} is a fictional roleplay server. All sales are final unless our refund policy says otherwise. You
          must be 18+ or have parental consent to purchase. Not affiliated with or endorsed by Rockstar Games, Take-Two
          Interactive or Cfx.re.
        </p>
        <p className="mt-2">
          {payments.data?.mode === 'tebex' ? 'Payments by Tebex' : 'Powered by Stripe'}, secured by SSL.
        </p>
        {/* the year the page is read in: a year written into the code goes stale every January */}
        <p className="mt-2" data-testid="copyright">
          © {new Date().getFullYear()} {brand.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
