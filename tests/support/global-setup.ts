import { spawnSync } from 'node:child_process';
import { cliBundleFresh } from '../../scripts/server-bundle.mjs';
import { ensureUiBuild } from '../../scripts/ui-build.ts';
import { ensurePostgresTemplate, POSTGRES_TEMPLATE_ENV, serverTarget } from './databases.ts';
import {
  BLANK_TEMPLATE_ENV,
  DATA_DIR_TEMPLATE_ENV,
  ensureDataDirTemplate,
  ensurePgliteBlankTemplate,
  ensurePgliteTemplate,
  TEMPLATE_ENV,
  templateKey,
} from './pglite-template.ts';

/**
 * Browser tests serve the built UI, the command-line tests run the built tool (`npm run cli`), and every throw-away
 * database starts migrated (or, for the tests of the migrations, initialised and blank), on the embedded database (in
 * memory and in a data directory) and, when the run has one, on the real Postgres: each made once, before any test
 * file runs.
 */
export default async function setup(): Promise<void> {
  await ensureUiBuild();
  if (!cliBundleFresh()) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build (the server and the tool) failed:\n${built.stderr}`);
  }
  process.env[TEMPLATE_ENV] = await ensurePgliteTemplate();
  process.env[BLANK_TEMPLATE_ENV] = await ensurePgliteBlankTemplate();
  process.env[DATA_DIR_TEMPLATE_ENV] = await ensureDataDirTemplate();
  if (serverTarget() === 'postgres') process.env[POSTGRES_TEMPLATE_ENV] = await ensurePostgresTemplate(templateKey());
}
