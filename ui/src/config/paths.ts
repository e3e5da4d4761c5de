/** Every route of the site in one place. */
export const paths = {
  home: '/',
  /** the Priority Pass store; its URL stays /whitelist (docs/product.md#store-pages) */
  priorityPass: '/whitelist',
  gangs: '/gangs',
  addons: '/addons',
  unban: '/unban',
  jobs: '/jobs',
  apply: '/apply',
  staffApply: '/staff-apply',
  about: '/about',
  refund: '/refund',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  contact: '/contact',
  faq: '/faq',
  serverRules: '/server-rules',
  appealProcess: '/appeal-process',
  /** a ban appeal: the only page a banned player's session reaches */
  appeal: '/appeal',
  admin: '/admin',
  adminApplications: '/admin-applications',
  staffApplications: '/staff-applications',
  staffReview: '/staff-review',
  checkout: '/checkout',
  stripeCheckout: '/stripe-checkout',
  checkoutSuccess: '/checkout-success',
  checkoutTest: '/checkout-test',
  discordDebug: '/discord-debug',
  domainHelper: '/domain-helper',
  devLogin: '/dev-login',
  /** the player's own purchases, receipts, token history and applications */
  account: '/account',
  /** one purchase's printable receipt: pagePath(paths.accountReceipt, { id }) */
  accountReceipt: '/account/receipts/:id',
  /** the member's second factor: passkeys, authenticator app, recovery codes */
  accountSecurity: '/account/security',
  /** one player's page for staff and admins (id = the user id): pagePath(paths.adminPlayer, { id }) */
  adminPlayer: '/admin/players/:id',
  /** the admins' coupon codes: list, create, disable */
  adminCoupons: '/admin/coupons',
  /** creators and their codes, and the monthly report (admins) */
  adminCreators: '/admin/creators',
  /** ban appeals for reviewers holding 'review-appeals' */
  adminAppeals: '/admin/appeals',
  /** the messages reviewers pick in the decision dialog (manage-templates) */
  adminTemplates: '/admin/answer-templates',
  /** the tokens other tools read the site's API with (manage-integrations) */
  adminApiTokens: '/admin/api-tokens',
  /** the game servers' connection queues: move a player to the front or remove them (manage-queue) */
  adminQueue: '/admin/queue',
  /** the endpoints that hear the site's events, and their messages (manage-integrations) */
  adminWebhooks: '/admin/webhooks',
  login: '/api/login',
  discordSignIn: '/api/auth/discord',
  logout: '/api/auth/logout',
} as const;

export function stripeCheckoutPath(type: string, id: string, option?: string): string {
  const query = new URLSearchParams({ type, id });
  if (option) query.set('option', option);
  return `${paths.stripeCheckout}?${query.toString()}`;
}

export const navLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.priorityPass, label: 'Priority Pass' },
  { to: paths.gangs, label: 'Gang Applications' },
  { to: paths.apply, label: 'Apply' },
  { to: paths.addons, label: 'Add ons' },
  { to: paths.refund, label: 'Refund' },
  { to: paths.unban, label: 'Unban' },
  { to: paths.staffApply, label: 'Staff Apply' },
  { to: paths.jobs, label: 'Jobs' },
] as const;

export const footerLinks = [
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.serverRules, label: 'Server Rules' },
  { to: paths.appealProcess, label: 'Appeal Process' },
  { to: paths.refund, label: 'Refund Policy' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsOfService, label: 'Terms of Service' },
] as const;
