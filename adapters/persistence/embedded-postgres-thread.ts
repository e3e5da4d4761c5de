import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { type Host, type HostSettings, hostPglite } from './embedded-postgres-host.ts';

/**
 * The thread an embedded database on a data directory runs on (see onItsOwnThread): it hosts PGlite, says where
 * it listens, then dumps or closes it when asked. Every statement PGlite runs is worked out here, beside the
 * site's own thread instead of between its requests.
 */
export type ToThread = { id: number; op: 'dump' | 'close' };
export type FromThread =
  | { ready: string }
  | { failed: unknown }
  | { id: number; done: true; bytes?: ArrayBuffer }
  | { id: number; error: unknown };

const port = parentPort;
if (!port) throw new Error('The embedded database thread was started outside a worker.');

/** Hosts the database, then answers the site's thread; a start that fails is reported, and the thread ends. */
async function serve(port: MessagePort): Promise<void> {
  let host: Host;
  try {
    host = await hostPglite(workerData as HostSettings);
  } catch (failed) {
    port.postMessage({ failed } satisfies FromThread);
    port.close();
    return;
  }
  port.postMessage({ ready: host.address } satisfies FromThread);
  port.on('message', async ({ id, op }: ToThread) => {
    try {
      if (op === 'dump') {
        const bytes = await (await host.dump()).arrayBuffer();
        port.postMessage({ id, done: true, bytes } satisfies FromThread, [bytes]);
        return;
      }
      await host.close();
      port.postMessage({ id, done: true } satisfies FromThread);
      port.close();
    } catch (error) {
      port.postMessage({ id, error } satisfies FromThread);
    }
  });
}

await serve(port);
