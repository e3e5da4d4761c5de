import { ApplicationNotFoundError } from '../../applications/errors.ts';
import type { ApplicationKind, ApplicationKindName, ApplicationRecord } from '../../applications/model/application.ts';
import { ForbiddenError } from '../../shared/errors.ts';
import { hasPermission, PERMISSION_LABELS, type PermissionHolder } from '../../users/model/permissions.ts';
import { displayName, type User } from '../../users/model/user.ts';
import {
  ApplicationClosedForInterviewsError,
  InterviewNotFoundError,
  OwnApplicationInterviewError,
} from '../errors.ts';
import type { InterviewDeps } from './deps.ts';
import type { Interview } from './interview.ts';

/** Whoever acts, from the session (or the terminal's --as): their id, name and permissions. */
export type InterviewActor = PermissionHolder & Pick<User, 'id' | 'username' | 'discordUsername'>;

export const actorName = (actor: Pick<User, 'username' | 'discordUsername'>) => displayName(actor);

/** Staff of a kind hold its deciding permission (review-whitelist, review-staff, review-appeals). */
export function isStaffOf(kind: Pick<ApplicationKind, 'decider'>, actor: PermissionHolder): boolean {
  return hasPermission(actor, kind.decider);
}

export function requireStaffOf(kind: Pick<ApplicationKind, 'decider' | 'label'>, actor: PermissionHolder): void {
  if (!isStaffOf(kind, actor))
    throw new ForbiddenError(
      'PERMISSION_REQUIRED',
      `Interviews for ${kind.label}s need the "${PERMISSION_LABELS[kind.decider]}" permission.`,
    );
}

export interface LoadedApplication {
  kind: ApplicationKind;
  application: ApplicationRecord;
  /** still open to a decision: interviews may be offered, booked and moved */
  open: boolean;
}

export async function applicationOf(
  deps: Pick<InterviewDeps, 'applications'>,
  kindName: ApplicationKindName,
  applicationId: string,
): Promise<LoadedApplication> {
  const applications = deps.applications[kindName];
  const { kind } = applications;
  const application = await applications.findById(applicationId);
  if (!application) throw new ApplicationNotFoundError(kind, applicationId);
  return { kind, application, open: (kind.open as readonly string[]).includes(application.status) };
}

export function requireOpen(loaded: LoadedApplication): void {
  if (!loaded.open) throw new ApplicationClosedForInterviewsError(loaded.kind.label);
}

/** Staff of the application's kind acting on it, who are not its applicant. */
export async function staffApplication(
  deps: Pick<InterviewDeps, 'applications'>,
  input: { kind: ApplicationKindName; applicationId: string; actor: InterviewActor },
): Promise<LoadedApplication> {
  const { kind } = deps.applications[input.kind];
  requireStaffOf(kind, input.actor);
  const loaded = await applicationOf(deps, input.kind, input.applicationId);
  if (loaded.application.userId === input.actor.id) throw new OwnApplicationInterviewError();
  return loaded;
}

/** Where an action on an interview comes from: the applicant's account page, or a staff screen of its application. */
export type InterviewActorSide =
  | { side: 'applicant' }
  | { side: 'staff'; kind: ApplicationKindName; applicationId: string };

/**
 * The interview as the actor may act on it: the applicant their own, staff one of the application named (its kind's
 * staff, not its applicant). Anything else is not found, so an id reveals nothing.
 */
export async function interviewFor(
  deps: Pick<InterviewDeps, 'applications' | 'interviews'>,
  input: { interviewId: string; actor: InterviewActor; as: InterviewActorSide },
): Promise<{ interview: Interview; loaded: LoadedApplication }> {
  const { as } = input;
  if (as.side === 'staff') {
    const loaded = await staffApplication(deps, { ...as, actor: input.actor });
    const interview = await deps.interviews.findById(input.interviewId);
    if (!interview || interview.applicationId !== loaded.application.id || interview.kind !== loaded.kind.name)
      throw new InterviewNotFoundError(input.interviewId);
    return { interview, loaded };
  }
  const interview = await deps.interviews.findById(input.interviewId);
  if (!interview || interview.applicantId !== input.actor.id) throw new InterviewNotFoundError(input.interviewId);
  return { interview, loaded: await applicationOf(deps, interview.kind, interview.applicationId) };
}
