import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import type { WebhookAnswer, WebhookRequest, WebhookSender } from '../../core/webhooks/ports.ts';
import type { AddressPolicy } from './webhook-targets.ts';

/** how much of an answer's body is read: what is recorded is shorter still (WEBHOOK_RESPONSE_RECORDED) */
const BODY_READ = 4096;

/**
 * Sends a message as the Standard Webhooks specification asks: a POST of the JSON body with `webhook-id`,
 * `webhook-timestamp` and `webhook-signature` (the library's own `Webhook.sign`). Under `public-https` every address
 * a name resolves to is checked as the connection is made, and the connection goes to the addresses checked: a name
 * that starts resolving to a private address after it was added (DNS rebinding) is refused before any connection.
 * The whole exchange has `timeoutMs`; the endpoint's failures come back as answers, never thrown.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly lookup: LookupFunction;

  constructor(private readonly options: { policy: AddressPolicy; timeoutMs: number; userAgent?: string }) {
    const { policy } = options;
    this.lookup = (hostname, lookupOptions, callback) => {
      policy.resolve(hostname).then(
        (addresses: LookupAddress[]) => {
          const refused =
            addresses.length === 0
              ? `${hostname} does not resolve to an address.`
              : addresses.map((each) => policy.addressRefusal(hostname, each.address)).find(Boolean);
          if (refused) {
            callback(Object.assign(new Error(refused), { code: 'WEBHOOK_ADDRESS_REFUSED' }), '', 4);
            return;
          }
          if (lookupOptions.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
          else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
        },
        (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
      );
    };
  }

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const url = new URL(request.url);
    const { policy } = this.options;
    // an address written as such is never looked up: it is checked here
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const refused = isIP(literal) ? policy.addressRefusal(literal, literal) : null;
    if (refused) return { error: refused, durationMs: 0 };
    let signature: string;
    try {
      signature = new Webhook(request.secret).sign(request.id, request.at, request.body);
    } catch {
      return { error: 'The signing secret is not a valid whsec_ secret.', durationMs: 0 };
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': this.options.userAgent ?? 'Bayou-Roleplay-Webhooks/1',
      'webhook-id': request.id,
      'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
      'webhook-signature': signature,
      'content-length': String(Buffer.byteLength(request.body)),
    };
    return new Promise<WebhookAnswer>((answer) => {
      let settled = false;
      const finish = (result: WebhookAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        answer(result);
      };
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(url, {
        method: 'POST',
        headers,
        agent: false,
        lookup: policy.policy === 'public-https' ? this.lookup : undefined,
      });
      const timer = setTimeout(() => {
        finish({ error: `No answer within ${this.options.timeoutMs} ms.`, durationMs: took() });
        outgoing.destroy();
      }, this.options.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        finish({ error: error.message || error.code || 'The connection failed.', durationMs: took() });
      });
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          finish({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            durationMs: took(),
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (size < BODY_READ) chunks.push(chunk.subarray(0, BODY_READ - size));
          size += chunk.length;
          if (size >= BODY_READ) done();
        });
        response.on('end', done);
        response.on('error', done);
      });
      outgoing.end(request.body);
    });
  }
}
