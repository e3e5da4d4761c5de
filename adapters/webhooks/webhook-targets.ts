import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { WebhookTargets } from '../../core/webhooks/ports.ts';

/**
 * Where endpoints may point (WEBHOOK_TARGETS): `public-https` (production's default) takes only https addresses whose
 * every address is public; `any` takes any http or https address (local tools, outside production).
 */
export type WebhookTargetPolicy = 'public-https' | 'any';

/** Answers a name's addresses, as dns.lookup with `all` does; tests give one that answers what they need. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** the addresses no endpoint may reach under `public-https`, with what each range is */
const RANGES: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b::', 96, 'ipv6', 'translated (NAT64)'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const blocks = RANGES.map(([network, prefix, type, what]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, what };
});

/** an IPv4-mapped IPv6 address (::ffff:a.b.c.d, or ::ffff:7f00:1 as URLs write it) as its IPv4 address */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1] as string;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return address;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** why an address may not be reached (`loopback`, `private`...), or null when it is public */
export function nonPublicAddress(address: string): string | null {
  const plain = unmapped(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return 'not an address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return blocks.find(({ list }) => list.check(plain, type))?.what ?? null;
}

/** The check of an endpoint's address, when it is added and again on every connection (WebhookSender). */
export class AddressPolicy implements WebhookTargets {
  constructor(
    readonly policy: WebhookTargetPolicy,
    readonly resolve: Resolve = systemResolve,
  ) {}

  async refusal(url: string): Promise<string | null> {
    if (this.policy === 'any') return null;
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return 'The address must start with https://.';
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) return this.addressRefusal(host, host);
    let addresses: LookupAddress[];
    try {
      addresses = await this.resolve(host);
    } catch {
      return `${host} does not resolve to an address.`;
    }
    if (addresses.length === 0) return `${host} does not resolve to an address.`;
    for (const { address } of addresses) {
      const refused = this.addressRefusal(host, address);
      if (refused) return refused;
    }
    return null;
  }

  /** why one of a host's addresses may not be reached, or null */
  addressRefusal(host: string, address: string): string | null {
    if (this.policy === 'any') return null;
    const what = nonPublicAddress(address);
    if (!what) return null;
    const named = host === address ? address : `${host} (${address})`;
    return `The address ${named} is ${what === 'not an address' ? 'not an address' : `a ${what} address`}: endpoints must be on the public internet.`;
  }
}
