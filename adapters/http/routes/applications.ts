import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { ApplicationKind } from '../../../core/applications/model/application.ts';
import type { AppealAnswers, AppealStatus } from '../../../core/applications/model/kinds/appeal.ts';
import type { StaffAnswers, StaffStatus } from '../../../core/applications/model/kinds/staff.ts';
import type { WhitelistAnswers, WhitelistStatus } from '../../../core/applications/model/kinds/whitelist.ts';
import { ApplicationNotFoundError } from '../../../core/applications/errors.ts';
import type { ApplicationUseCases } from '../../../core/applications/module.ts';
import {
  appealKind,
  castVoteSchema,
  listQuerySchema,
  reviewAppealSchema,
  reviewApplicationSchema,
  reviewStaffApplicationSchema,
  staffKind,
  submissionSchema,
  updateApplicationSchema,
  whitelistKind,
} from '../contract/applications.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';
import { sendJson } from '../json-response.ts';
import { presentApplication, presentApplicationPage, presentMine } from '../presenters/applications.ts';
import { presentAnswerTemplate } from '../presenters/answer-templates.ts';
import { UUID_SHAPE } from '../contract/ids.ts';

/** An id that cannot exist is simply not found (and never reaches the database as bad SQL input). */
export function applicationId(ctx: Context, notFound: (id: string) => Error): string {
  const id = String(ctx.params.id ?? '');
  if (!UUID_SHAPE.test(id)) throw notFound(id);
  return id.toLowerCase();
}

/** One way to decide: a PATCH below the application's path. */
interface ReviewRoute<S extends string> {
  /** after `/:id`: '' or '/review' */
  suffix: string;
  body: z.ZodType<{ status: string; reviewNotes?: string | null; applicantMessage?: string | null }>;
  /** the status the sent one stands for */
  status?: (sent: string) => S;
  notesRequired?: boolean;
}

export interface ApplicationRoutes<A, S extends string> {
  kind: ApplicationKind<A, S>;
  path: string;
  reviews: ReviewRoute<S>[];
}

export const whitelistRoutes: ApplicationRoutes<WhitelistAnswers, WhitelistStatus> = {
  kind: whitelistKind,
  path: '/api/applications',
  reviews: [
    { suffix: '/review', body: reviewApplicationSchema, notesRequired: true },
    // the second review screen sends `denied` for rejected, and may leave the notes out
    {
      suffix: '',
      body: updateApplicationSchema,
      status: (sent) => (sent === 'approved' ? 'approved' : 'rejected'),
      notesRequired: false,
    },
  ],
};

export const staffRoutes: ApplicationRoutes<StaffAnswers, StaffStatus> = {
  kind: staffKind,
  path: '/api/staff-applications',
  reviews: [{ suffix: '', body: reviewStaffApplicationSchema }],
};

export const appealRoutes: ApplicationRoutes<AppealAnswers, AppealStatus> = {
  kind: appealKind,
  path: '/api/appeals',
  reviews: [{ suffix: '', body: reviewAppealSchema }],
};

/**
 * Submit, list, mine, show, review and vote for one kind, and the kind's answer templates; the kind's deciding
 * permission reads, votes and decides. A review that approves or refuses is a vote (decision 0106): its answer says
 * whether it decided.
 */
export function applicationRoutes<A, S extends string>(
  router: Router,
  useCases: ApplicationUseCases<A, S>,
  routes: ApplicationRoutes<A, S>,
  /** answers the list from memory while nothing it reads has changed (ListResponseCache) */
  cachedList: Middleware,
  /** a decision reaches the applicant by a Discord direct message too (the bot is configured) */
  decisionsOnDiscord: boolean,
): void {
  const { kind, path } = routes;
  const decider = requirePermission(kind.decider);
  const idOf = (ctx: Context) => applicationId(ctx, (id) => new ApplicationNotFoundError(kind, id));
  const submission = submissionSchema(kind.answers);
  const listQuery = listQuerySchema(kind);

  router.post(path, requireUser(), async (ctx) => {
    const { discordId: _ignored, discordUsername: _alsoIgnored, ...answers } = submission.parse(ctx.request.body ?? {});
    const applicant = currentUser(ctx);
    const application = await useCases.submit.execute({ applicant, answers: answers as A });
    ctx.status = 201;
    ctx.body = presentApplication(kind, { ...application, currentStaff: applicant.role !== 'player' });
  });

  router.get(path, decider, cachedList, async (ctx) => {
    const { preview, ...query } = listQuery.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    const page = await useCases.list.execute({ ...query, summary: true, reader: currentUser(ctx) });
    sendJson(ctx, presentApplicationPage(kind, page, preview === 'true' ? 'summary-with-preview' : 'summary'));
  });

  router.get(`${path}/mine`, requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMine(kind, await useCases.mine.execute({ userId: currentUser(ctx).id }), decisionsOnDiscord);
  });

  // before `/:id`, which would read the word as an application's id
  router.get(`${path}/answer-templates`, decider, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const templates = await useCases.templates.execute({ kind: kind.name, reader: currentUser(ctx) });
    ctx.body = { templates: templates.map(presentAnswerTemplate) };
  });

  router.get(`${path}/:id`, decider, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentApplication(kind, await useCases.show.execute({ id: idOf(ctx), reader: currentUser(ctx) }));
  });

  router.post(`${path}/:id/votes`, decider, async (ctx) => {
    const id = idOf(ctx);
    const body = castVoteSchema.parse(ctx.request.body ?? {});
    const { application, decided } = await useCases.vote.execute({
      id,
      choice: body.choice,
      note: body.note,
      applicantMessage: body.applicantMessage,
      reviewer: currentUser(ctx),
      channel: 'web',
    });
    ctx.body = { ...presentApplication(kind, application), decided };
  });

  for (const review of routes.reviews) {
    router.patch(`${path}/:id${review.suffix}`, decider, async (ctx) => {
      const id = idOf(ctx);
      const body = review.body.parse(ctx.request.body ?? {});
      const reviewed = await useCases.review.execute({
        id,
        status: review.status ? review.status(body.status) : (body.status as S),
        notes: body.reviewNotes,
        notesRequired: review.notesRequired,
        applicantMessage: body.applicantMessage,
        reviewer: currentUser(ctx),
        channel: 'web',
      });
      // an approval or a refusal was a vote: the answer says whether it decided
      ctx.body = {
        ...presentApplication(kind, reviewed),
        ...(reviewed.votes ? { decided: !kind.open.includes(reviewed.status) } : {}),
      };
    });
  }
}
