import { ensureUiBuild } from '../../scripts/ui-build.ts';
import { ensurePgliteTemplate, TEMPLATE_ENV } from './pglite-template.ts';

/** Browser tests serve the built UI, and every throw-away database starts migrated: both made once, before any test file runs. */
export default async function setup(): Promise<void> {
  await ensureUiBuild();
  process.env[TEMPLATE_ENV] = await ensurePgliteTemplate();
}
