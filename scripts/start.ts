import { main } from '../adapters/http/main.ts';
import { ensureUiBuild } from './ui-build.ts';

/** `npm start`: builds the UI when its sources are newer than the build, then runs the server. */
await ensureUiBuild();
await main();
