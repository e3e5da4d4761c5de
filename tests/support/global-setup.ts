import { ensureUiBuild } from '../../scripts/ui-build.ts';

/** Browser tests serve the built UI: build it once before any test file runs. */
export default async function setup(): Promise<void> {
  await ensureUiBuild();
}
