export { membershipKeys, useMembershipSummary, useMyMembership, nextMonthlyCharge } from './api/membership.ts';
export { BilledMonthly } from './components/billed-monthly.tsx';
export { MembershipSection } from './components/membership-section.tsx';
export { PastDueBanner } from './components/past-due-banner.tsx';
export { MembershipStrip } from './components/membership-strip.tsx';
