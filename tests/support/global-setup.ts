import { ensureUiBuild } from '../../scripts/ui-build.ts';
import { ensurePostgresTemplate, POSTGRES_TEMPLATE_ENV, serverTarget } from './databases.ts';
import { ensurePgliteTemplate, TEMPLATE_ENV, templateKey } from './pglite-template.ts';

/**
 * Browser tests serve the built UI, and every throw-away database starts migrated, on the embedded database and, when
 * the run has one, on the real Postgres: each made once, before any test file runs.
 */
export default async function setup(): Promise<void> {
  await ensureUiBuild();
  process.env[TEMPLATE_ENV] = await ensurePgliteTemplate();
  if (serverTarget() === 'postgres') process.env[POSTGRES_TEMPLATE_ENV] = await ensurePostgresTemplate(templateKey());
}
