import { startEmbeddedEarly } from '../adapters/persistence/embedded-postgres.ts';
import { ensureUiBuild } from './ui-build.ts';

/**
 * `npm start`: builds the UI when its sources are newer than the build, then runs the server. `npm start -- --api-only`
 * serves the API alone (the pages come from elsewhere), so it neither builds nor serves the UI.
 *
 * The embedded database (no DATABASE_URL) begins starting first, on its own thread, and the server's code loads
 * meanwhile: the two took about a second each, one after the other.
 */
if (!process.env.DATABASE_URL?.trim()) startEmbeddedEarly(process.env.DATA_DIR ?? './data');
const apiOnly = process.argv.includes('--api-only');
if (!apiOnly) await ensureUiBuild();
const { main } = await import('../adapters/http/main.ts');
await main({ apiOnly });
