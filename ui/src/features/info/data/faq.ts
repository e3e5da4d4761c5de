import { fulfilmentSentence, ROLE_DELIVERY } from '@contract/fulfilment.ts';

export interface FaqItem {
  question: string;
  answer: string;
}

/** The 12 questions of the FAQ page. */
export const FAQ: readonly FaqItem[] = [
  {
    question: 'How do I join the server?',
    answer:
      'Sign in with Discord, apply for the whitelist from the Apply page and join our Discord server. Once your application is approved you can connect to the city.',
  },
  {
    question: 'How long does a whitelist application take?',
    answer:
      'Applications are reviewed within 24-48 hours. You get the decision as a Discord notification, and you can follow its status on the Apply page.',
  },
  {
    question: 'Do I need to be 18 to play?',
    answer:
      'Yes. Players must be 18 or older, or have parental consent to use the store. Whitelist applicants must be at least 18.',
  },
  {
    question: 'What is a Priority Pass?',
    answer:
      'A monthly whitelist tier that moves you up the connection queue. There are five levels, from Bayou Basic at $20 to Voodoo Experience at $175, and each grants tokens.',
  },
  {
    question: 'What are tokens?',
    answer:
      'Tokens are credited to your account once a payment is confirmed: 25 to 500 for the Priority Pass tiers, and one per whole dollar for every other product. Your balance shows in the header.',
  },
  {
    question: 'How do I receive my purchase?',
    answer: `${fulfilmentSentence(ROLE_DELIVERY)} Paid unbans are reviewed within the processing time on each service's card. Make sure you are signed in with the Discord account you play on.`,
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      'Card payments only, in US dollars, processed by our card payment provider. We never see or store your card number.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'All payments are final. See the refund policy for the details. A chargeback or payment dispute leads to a permanent ban across our servers and store.',
  },
  {
    question: 'I was banned. What can I do?',
    answer:
      'You can appeal for free through a Discord ticket; appeals take 7-14 days. Paid unban services are also available for eligible bans.',
  },
  {
    question: 'How do I start a gang?',
    answer:
      'Buy a gang package from the Gang Applications page, then open a ticket in Discord so staff can set up your turf, uniforms and permissions.',
  },
  {
    question: 'How do I become staff?',
    answer:
      'Use the Staff Apply page. You must be 18 or older, active in Discord, have a clean record, at least 2 weeks on the server and 15 hours a week to give.',
  },
  {
    question: 'Where can I get help?',
    answer:
      'Open a ticket in our Discord server. We answer general questions within 1-4 hours, technical issues within 2-8 hours and urgent matters within 1 hour.',
  },
];
