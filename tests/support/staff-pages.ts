import { paths } from '../../ui/src/config/paths.ts';

/**
 * The pages for staff and administrators. The accessibility sweep of public and player pages leaves them out (its
 * signed-in player is neither); the public-site test renders each as a signed-out visitor reaches it, and their own
 * browser tests read them as staff or an admin sees them.
 */
export const STAFF_PAGES: readonly string[] = [
  paths.admin,
  paths.adminApplications,
  paths.staffApplications,
  paths.staffReview,
  paths.adminCoupons,
  paths.adminCreators,
  paths.adminAppeals,
  paths.adminTemplates,
];
