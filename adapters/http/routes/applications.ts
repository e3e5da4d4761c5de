import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Core } from '../../../core/index.ts';
import { ApplicationNotFoundError } from '../../../core/applications/show-application.ts';
import {
  listApplicationsQuerySchema,
  reviewApplicationSchema,
  updateApplicationSchema,
  whitelistApplicationSchema,
} from '../contract/applications.ts';
import { currentUser, requireRole, requireUser } from '../middleware/auth.ts';
import { presentApplication, presentApplicationPage, presentMine } from '../presenters/applications.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is simply not found (and never reaches the database as bad SQL input). */
export function applicationId(ctx: Context, notFound: (id: string) => Error): string {
  const id = String(ctx.params.id ?? '');
  if (!UUID.test(id)) throw notFound(id);
  return id.toLowerCase();
}

const whitelistId = (ctx: Context) => applicationId(ctx, (id) => new ApplicationNotFoundError(id));

export function applicationRoutes(router: Router, core: Core): void {
  router.post('/api/applications', requireUser(), async (ctx) => {
    const { discordId: _ignored, discordUsername: _alsoIgnored, ...answers } = whitelistApplicationSchema.parse(ctx.request.body ?? {});
    const application = await core.applications.submit.execute({ applicant: currentUser(ctx), answers });
    ctx.status = 201;
    ctx.body = presentApplication(application);
  });

  router.get('/api/applications', requireRole('staff'), async (ctx) => {
    const query = listApplicationsQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentApplicationPage(await core.applications.list.execute(query));
  });

  router.get('/api/applications/mine', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentMine(await core.applications.mine.execute({ userId: currentUser(ctx).id }));
  });

  router.get('/api/applications/:id', requireRole('staff'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentApplication(await core.applications.show.execute({ id: whitelistId(ctx) }));
  });

  router.patch('/api/applications/:id/review', requireRole('staff'), async (ctx) => {
    const id = whitelistId(ctx);
    const body = reviewApplicationSchema.parse(ctx.request.body ?? {});
    const reviewed = await core.applications.review.execute({
      id,
      decision: body.status,
      notes: body.reviewNotes,
      notesRequired: true,
      reviewer: currentUser(ctx),
      channel: 'web',
    });
    ctx.body = presentApplication(reviewed);
  });

  router.patch('/api/applications/:id', requireRole('staff'), async (ctx) => {
    const id = whitelistId(ctx);
    const body = updateApplicationSchema.parse(ctx.request.body ?? {});
    const reviewed = await core.applications.review.execute({
      id,
      decision: body.status === 'approved' ? 'approved' : 'rejected',
      notes: body.reviewNotes,
      notesRequired: false,
      reviewer: currentUser(ctx),
      channel: 'web',
    });
    ctx.body = presentApplication(reviewed);
  });
}
