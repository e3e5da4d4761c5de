import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import { StaffApplicationNotFoundError } from '../../../core/staff-applications/show-staff-application.ts';
import { listStaffApplicationsQuerySchema, reviewStaffApplicationSchema, staffApplicationSchema } from '../contract/staff-applications.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { presentMine } from '../presenters/applications.ts';
import { presentStaffApplication, presentStaffApplicationPage } from '../presenters/staff-applications.ts';
import { applicationId } from './applications.ts';

const staffId = (ctx: Context) => applicationId(ctx, (id) => new StaffApplicationNotFoundError(id));

export function staffApplicationRoutes(router: Router, core: Core): void {
  router.post('/api/staff-applications', requireUser(), async (ctx) => {
    const { discordId: _ignored, discordUsername: _alsoIgnored, ...answers } = staffApplicationSchema.parse(ctx.request.body ?? {});
    const application = await core.staffApplications.submit.execute({ applicant: currentUser(ctx), answers });
    ctx.status = 201;
    ctx.body = presentStaffApplication({ ...application, currentStaff: currentUser(ctx).role !== 'player' });
  });

  router.get('/api/staff-applications', requireRole('admin'), async (ctx) => {
    const query = listStaffApplicationsQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentStaffApplicationPage(await core.staffApplications.list.execute(query));
  });

  router.get('/api/staff-applications/mine', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMine(await core.staffApplications.mine.execute({ userId: currentUser(ctx).id }));
  });

  router.get('/api/staff-applications/:id', requireRole('admin'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentStaffApplication(await core.staffApplications.show.execute({ id: staffId(ctx) }));
  });

  router.patch('/api/staff-applications/:id', requireRole('admin'), async (ctx) => {
    const id = staffId(ctx);
    const body = reviewStaffApplicationSchema.parse(ctx.request.body ?? {});
    const reviewed = await core.staffApplications.review.execute({ id, status: body.status, notes: body.reviewNotes, reviewer: currentUser(ctx), channel: 'web' });
    ctx.body = presentStaffApplication(reviewed);
  });
}
