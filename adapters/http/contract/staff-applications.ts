/** Staff applications are one kind of application: their contract is the applications contract. */
export {
  staffKind,
  STAFF_POSITIONS,
  STAFF_STATUSES,
  STAFF_TIMEZONES,
  reviewStaffApplicationSchema,
  staffApplicationSchema,
  type ReviewStaffApplicationInput,
  type StaffApplicationDto,
  type StaffApplicationInput,
  type StaffApplicationListDto,
  type StaffApplicationSummaryDto,
  type StaffPositionDto,
  type StaffStatusDto,
} from './applications.ts';
