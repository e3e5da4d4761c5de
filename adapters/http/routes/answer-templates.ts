import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AnswerTemplateInput } from '../../../core/applications/model/answer-template.ts';
import { AnswerTemplateNotFoundError } from '../../../core/applications/errors.ts';
import type { Core } from '../../../core/index.ts';
import type { AnswerTemplatesResponse } from '../contract/answer-templates.ts';
import { currentUser, requirePermission } from '../middleware/auth.ts';
import { presentAnswerTemplate } from '../presenters/answer-templates.ts';
import { applicationId } from './applications.ts';

/**
 * The admin screen's answer templates (decision 0106): every kind's, written and removed by those who manage them.
 * The kinds' reviewers read their kind's below each kind's path (`/api/applications/answer-templates`...).
 */
export function answerTemplateRoutes(router: Router, core: Core): void {
  const manage = requirePermission('manage-templates');
  const templates = core.answerTemplates;
  const idOf = (ctx: Context) => applicationId(ctx, (id) => new AnswerTemplateNotFoundError(id));
  const bodyOf = (ctx: Context) => (ctx.request.body ?? {}) as AnswerTemplateInput;

  router.get('/api/answer-templates', manage, async (ctx) => {
    const body: AnswerTemplatesResponse = {
      templates: (await templates.list.execute({ reader: currentUser(ctx) })).map(presentAnswerTemplate),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  router.post('/api/answer-templates', manage, async (ctx) => {
    const saved = await templates.save.execute({ template: bodyOf(ctx), actor: currentUser(ctx) });
    ctx.status = 201;
    ctx.body = presentAnswerTemplate(saved);
  });

  router.patch('/api/answer-templates/:id', manage, async (ctx) => {
    const saved = await templates.save.execute({ id: idOf(ctx), template: bodyOf(ctx), actor: currentUser(ctx) });
    ctx.body = presentAnswerTemplate(saved);
  });

  router.delete('/api/answer-templates/:id', manage, async (ctx) => {
    await templates.remove.execute({ id: idOf(ctx), actor: currentUser(ctx) });
    ctx.status = 204;
  });
}
