import type { StaffApplicationPage } from '../../../core/staff-applications/list-staff-applications.ts';
import type { StaffApplicationView } from '../../../core/staff-applications/staff-application.ts';
import type { StaffApplicationDto, StaffApplicationListDto } from '../contract/staff-applications.ts';

export function presentStaffApplication(application: StaffApplicationView): StaffApplicationDto {
  return {
    id: application.id,
    discordId: application.discordId,
    discordUsername: application.discordUsername,
    email: application.email,
    realName: application.realName,
    age: application.age,
    timezone: application.timezone,
    availability: application.availability,
    position: application.position,
    experience: application.experience,
    whyStaff: application.whyStaff,
    scenarios: application.scenarios,
    languages: application.languages,
    previousCommunities: application.previousCommunities,
    references: application.references,
    additionalInfo: application.additionalInfo,
    agreeToRules: application.agreeToRules,
    agreeToCommitment: application.agreeToCommitment,
    backgroundCheck: application.backgroundCheck,
    currentStaff: application.currentStaff,
    status: application.status,
    reviewNotes: application.reviewNotes,
    reviewedBy: application.reviewedBy,
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    createdAt: application.createdAt.toISOString(),
  };
}

export function presentStaffApplicationPage(page: StaffApplicationPage): StaffApplicationListDto {
  return {
    applications: page.items.map(presentStaffApplication),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    counts: page.counts,
    positions: page.positions,
    nextBefore: page.nextBefore,
  };
}
