import type Router from '@koa/router';
import type { Context } from 'koa';
import { ApplicationNotFoundError } from '../../../core/applications/errors.ts';
import { appealKind } from '../../../core/applications/model/kinds/appeal.ts';
import { staffKind } from '../../../core/applications/model/kinds/staff.ts';
import { whitelistKind } from '../../../core/applications/model/kinds/whitelist.ts';
import type { Core } from '../../../core/index.ts';
import { InterviewNotFoundError, InterviewSlotNotFoundError } from '../../../core/interviews/errors.ts';
import { minutesOf, REMINDER_LEAD_MINUTES } from '../../../core/interviews/model/interview.ts';
import { BRAND } from '../../../core/shared/brand.ts';
import { icsCalendar } from '../../export/calendar.ts';
import {
  APPLICATION_PATHS,
  applicantRescheduleSchema,
  cancelInterviewSchema,
  interviewOutcomeSchema,
  offerSlotsSchema,
  staffRescheduleSchema,
} from '../contract/interviews.ts';
import { UUID_SHAPE } from '../contract/ids.ts';
import { pagePath } from '../contract/pages.ts';
import { currentUser, requirePermission, requireUser } from '../middleware/auth.ts';
import { noBody } from '../middleware/no-body.ts';
import {
  presentInterview,
  presentMyInterviews,
  presentSlot,
  presentStaffInterviews,
} from '../presenters/interviews.ts';
import { applicationId } from './applications.ts';

/** A path id that cannot exist is not found (and never reaches the database). */
function idParam(ctx: Context, name: string, notFound: (id: string) => Error): string {
  const id = String(ctx.params[name] ?? '');
  if (!UUID_SHAPE.test(id)) throw notFound(id);
  return id.toLowerCase();
}

const interviewIdOf = (ctx: Context, name = 'id') => idParam(ctx, name, (id) => new InterviewNotFoundError(id));
const slotIdOf = (ctx: Context, name = 'id') => idParam(ctx, name, (id) => new InterviewSlotNotFoundError(id));

/**
 * Interviews before a decision (decision 0107). Staff offer times and act on an application's interview below its
 * review path, under the kind's own permission (the core checks it again, and that the interview is that
 * application's); the applicant books, moves and cancels their own below /api/interviews. Times are UTC ISO 8601.
 */
export function interviewRoutes(router: Router, core: Core, publicUrl: string): void {
  const { interviews } = core;

  for (const kind of [whitelistKind, staffKind, appealKind]) {
    const base = `${APPLICATION_PATHS[kind.name]}/:id/interviews`;
    const staff = requirePermission(kind.decider);
    const onApplication = (ctx: Context) => ({
      kind: kind.name,
      applicationId: applicationId(ctx, (id) => new ApplicationNotFoundError(kind, id)),
      actor: currentUser(ctx),
    });
    const asStaff = (ctx: Context) => {
      const { kind: name, applicationId: id, actor } = onApplication(ctx);
      return { actor, as: { side: 'staff' as const, kind: name, applicationId: id } };
    };

    router.get(base, staff, async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentStaffInterviews(await interviews.showForApplication.execute(onApplication(ctx)));
    });

    router.post(`${base}/slots`, staff, async (ctx) => {
      const body = offerSlotsSchema.parse(ctx.request.body ?? {});
      const slots = await interviews.offer.execute({ ...onApplication(ctx), ...body });
      ctx.status = 201;
      ctx.body = { slots: slots.map((slot) => presentSlot({ ...slot, available: true })) };
    });

    router.post(`${base}/slots/:slotId/withdraw`, staff, async (ctx) => {
      noBody(ctx as Context);
      const slot = await interviews.withdraw.execute({ ...onApplication(ctx), slotId: slotIdOf(ctx, 'slotId') });
      ctx.body = { slot: presentSlot({ ...slot, available: false }) };
    });

    router.post(`${base}/:interviewId/reschedule`, staff, async (ctx) => {
      const body = staffRescheduleSchema.parse(ctx.request.body ?? {});
      const interviewId = interviewIdOf(ctx, 'interviewId');
      const moved = await interviews.reschedule.execute({ ...asStaff(ctx), interviewId, ...body });
      ctx.body = presentInterview(moved, 'staff');
    });

    router.post(`${base}/:interviewId/cancel`, staff, async (ctx) => {
      const { reason } = cancelInterviewSchema.parse(ctx.request.body ?? {});
      const interviewId = interviewIdOf(ctx, 'interviewId');
      ctx.body = presentInterview(await interviews.cancel.execute({ ...asStaff(ctx), interviewId, reason }), 'staff');
    });

    router.post(`${base}/:interviewId/outcome`, staff, async (ctx) => {
      const body = interviewOutcomeSchema.parse(ctx.request.body ?? {});
      const interviewId = interviewIdOf(ctx, 'interviewId');
      const recorded = await interviews.recordOutcome.execute({ ...onApplication(ctx), interviewId, ...body });
      ctx.body = presentInterview(recorded, 'staff');
    });
  }

  router.get('/api/interviews/mine', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMyInterviews(await interviews.showMine.execute({ userId: currentUser(ctx).id }));
  });

  router.post('/api/interviews/slots/:id/book', requireUser(), async (ctx) => {
    noBody(ctx as Context);
    const booked = await interviews.book.execute({ slotId: slotIdOf(ctx), actor: currentUser(ctx) });
    ctx.status = 201;
    ctx.body = presentInterview(booked, 'applicant');
  });

  router.post('/api/interviews/:id/reschedule', requireUser(), async (ctx) => {
    const body = applicantRescheduleSchema.parse(ctx.request.body ?? {});
    const moved = await interviews.reschedule.execute({
      interviewId: interviewIdOf(ctx),
      actor: currentUser(ctx),
      as: { side: 'applicant' },
      ...body,
    });
    ctx.body = presentInterview(moved, 'applicant');
  });

  router.post('/api/interviews/:id/cancel', requireUser(), async (ctx) => {
    const { reason } = cancelInterviewSchema.parse(ctx.request.body ?? {});
    const cancelled = await interviews.cancel.execute({
      interviewId: interviewIdOf(ctx),
      actor: currentUser(ctx),
      as: { side: 'applicant' },
      reason,
    });
    ctx.body = presentInterview(cancelled, 'applicant');
  });

  // the applicant's and their kind's staff's: any calendar application takes it
  router.get('/api/interviews/:id/calendar.ics', requireUser(), async (ctx) => {
    const { interview, label, applicantName } = await interviews.show.execute({
      interviewId: interviewIdOf(ctx),
      actor: currentUser(ctx),
    });
    const account = `${publicUrl}${pagePath('/account')}`;
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="interview-${interview.startsAt.toISOString().slice(0, 10)}.ics"`,
    );
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.body = icsCalendar(
      {
        uid: `interview-${interview.id}@${new URL(publicUrl).host}`,
        sequence: interview.sequence,
        stamp: core.clock.now(),
        start: interview.startsAt,
        end: interview.endsAt,
        summary: `${BRAND}: ${label} interview`,
        description: `${applicantName}'s ${label} interview with ${interview.reviewerName}, ${minutesOf(interview)} minutes. The applicant moves or cancels it on their account page: ${account}`,
        url: account,
        status: interview.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
        alarmMinutes: REMINDER_LEAD_MINUTES,
      },
      `-//${BRAND}//Interviews//EN`,
    );
  });
}
