import { spawn } from 'node:child_process';
import { createServer } from 'vite';

/** `npm run dev`: the API on PORT+1 restarting on change, and Vite on PORT with hot reload, proxying /api. */
const port = Number(process.env.PORT ?? 3000);
const apiPort = port + 1;
const api = spawn(process.execPath, ['--watch', '--import', 'tsx', 'adapters/http/main.ts', '--api-only'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  },
});
process.env.API_URL = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({ server: { port } });
await vite.listen();
vite.printUrls();
const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
