import type { WhitelistApplication, WhitelistStatus } from '../../../core/applications/application.ts';
import type { Page } from '../../../core/applications/ports.ts';
import type { ApplicationListDto, MyApplicationsDto, WhitelistApplicationDto } from '../contract/applications.ts';

export function presentApplication(application: WhitelistApplication): WhitelistApplicationDto {
  return {
    id: application.id,
    discordId: application.discordId,
    discordUsername: application.discordUsername,
    email: application.email,
    isEighteenPlus: application.isEighteenPlus,
    age: application.age,
    timezone: application.timezone,
    hoursPerWeek: application.hoursPerWeek,
    rpExperience: application.rpExperience,
    previousCommunities: application.previousCommunities,
    characterBackground: application.characterBackground,
    characterGoals: application.characterGoals,
    roleplayScenario: application.roleplayScenario,
    whyJoinServer: application.whyJoinServer,
    rulesUnderstood: application.rulesUnderstood,
    noMetagaming: application.noMetagaming,
    respectfulBehavior: application.respectfulBehavior,
    status: application.status,
    reviewNotes: application.reviewNotes,
    reviewedBy: application.reviewedBy,
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    createdAt: application.createdAt.toISOString(),
  };
}

export function presentApplicationPage(page: Page<WhitelistApplication, WhitelistStatus>): ApplicationListDto {
  return { applications: page.items.map(presentApplication), total: page.total, page: page.page, pageSize: page.pageSize, counts: page.counts, nextBefore: page.nextBefore };
}

/** The applicant's view of their own: status and dates only; reviewers' notes stay with staff. */
export function presentMine(applications: { id: string; status: string; createdAt: Date; reviewedAt: Date | null }[]): MyApplicationsDto {
  return {
    applications: applications.map((a) => ({ id: a.id, status: a.status, createdAt: a.createdAt.toISOString(), reviewedAt: a.reviewedAt?.toISOString() ?? null })),
  };
}
