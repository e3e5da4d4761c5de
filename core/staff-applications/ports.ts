import type { ListQuery, Page } from '../applications/ports.ts';
import type { StaffApplication, StaffPosition, StaffStatus } from './staff-application.ts';

export interface StaffApplicationRepository {
  /** Fails with OpenStaffApplicationExistsError when the applicant has one pending or under review. */
  add(application: StaffApplication): Promise<void>;
  findById(id: string): Promise<StaffApplication | null>;
  /** newest first */
  list(query: ListQuery<StaffStatus>): Promise<Page<StaffApplication, StaffStatus>>;
  listByApplicant(userId: string): Promise<StaffApplication[]>;
  /** every application counted by the position applied for */
  countByPosition(): Promise<Record<StaffPosition, number>>;
  /** Stores the review only if the status is still `expected`; answers false when someone else got there first. */
  saveReview(application: StaffApplication, expected: StaffStatus): Promise<boolean>;
}

/** Which applicants already hold the staff or admin role. */
export interface StaffRoster {
  staffUserIds(userIds: string[]): Promise<Set<string>>;
}
