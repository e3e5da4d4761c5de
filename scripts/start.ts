import { main } from '../adapters/http/main.ts';
import { ensureUiBuild } from './ui-build.ts';

/**
 * `npm start`: builds the UI when its sources are newer than the build, then runs the server. `npm start -- --api-only`
 * serves the API alone (the pages come from elsewhere), so it neither builds nor serves the UI.
 */
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly) await ensureUiBuild();
await main({ apiOnly });
