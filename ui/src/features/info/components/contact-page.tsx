import { CreditCard, LifeBuoy, MessageCircle, Ticket, Wrench, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { brand } from '@/config/brand.ts';
import { paths } from '@/config/paths.ts';
import { InfoPage } from './info-page.tsx';

const helpCategories: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CreditCard,
    title: 'Purchases & Payments',
    text: 'Missing roles, tokens, or a question about an order. Include your transaction ID.',
  },
  {
    icon: Wrench,
    title: 'Technical Support',
    text: 'Connection problems, crashes, or scripts not behaving as they should.',
  },
  { icon: LifeBuoy, title: 'Bans & Appeals', text: 'Questions about a ban, a warning or the appeal process.' },
];

export const RESPONSE_TIMES = [
  { kind: 'General questions', time: '1-4 hours' },
  { kind: 'Technical issues', time: '2-8 hours' },
  { kind: 'Urgent matters', time: 'Within 1 hour' },
] as const;

const card = 'rounded-xl border border-bayou-700 bg-bayou-900 p-6';

export default function ContactPage() {
  return (
    <InfoPage
      title="Contact Us"
      description="Support happens on our Discord. Open a ticket and staff will get back to you."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <section className={card} aria-labelledby="contact-discord">
          <MessageCircle aria-hidden className="text-moss-400" />
          <h2 id="contact-discord" className="mt-2 font-display text-xl font-bold text-gold-400">
            Discord Support
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            Our community and staff are on Discord every day. Ask in the help channels or reach a staff member there.
          </p>
          <a
            href={brand.discordInvite}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-block rounded-lg bg-gold-500 px-4 py-2 font-semibold text-bayou-950 hover:bg-gold-400"
          >
            Join our Discord
          </a>
        </section>
        <section className={card} aria-labelledby="contact-tickets">
          <Ticket aria-hidden className="text-moss-400" />
          <h2 id="contact-tickets" className="mt-2 font-display text-xl font-bold text-gold-400">
            Ticket System
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            For anything about your account or a purchase, open a ticket in the #support channel. Include your Discord
            username and, for purchases, your transaction ID and proof of purchase.
          </p>
        </section>
      </div>

      <section aria-labelledby="contact-help">
        <h2 id="contact-help" className="font-display text-2xl font-bold text-gold-400">
          What can we help with?
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {helpCategories.map(({ icon: Icon, title, text }) => (
            <li key={title} className={card}>
              <Icon aria-hidden className="text-gold-400" />
              <h3 className="mt-2 font-semibold text-slate-50">{title}</h3>
              <p className="mt-1 text-sm text-slate-300">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contact-times" className={card}>
        <h2 id="contact-times" className="font-display text-xl font-bold text-gold-400">
          Response Times
        </h2>
        <dl className="mt-3 divide-y divide-bayou-700">
          {RESPONSE_TIMES.map(({ kind, time }) => (
            <div key={kind} className="flex justify-between gap-4 py-2 text-sm">
              <dt className="text-slate-300">{kind}</dt>
              <dd className="font-semibold text-moss-300">{time}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-300">
          Looking for a quick answer? Try the{' '}
          <Link className="text-moss-300 underline" to={paths.faq}>
            FAQ
          </Link>
          .
        </p>
      </section>
    </InfoPage>
  );
}
