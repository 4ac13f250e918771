import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';

/**
 * Push endpoints are addresses the server connects to (issue 20, SSRF): only https to the push services
 * browsers use, on the default port, without credentials in the address; and at send time the host's
 * addresses are resolved again and every one must be public (the connection uses only those), so DNS
 * cannot point a known name inward between subscribing and sending.
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com', // Chrome, Edge (Chromium), Samsung Internet, Opera
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  'web.push.apple.com', // Safari
  'notify.windows.com', // legacy Edge: *.notify.windows.com
  'push.apple.com',
];

const hostAllowed = (host: string): boolean => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/** Is this a subscription endpoint the server may ever connect to? */
export function isKnownPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return hostAllowed(host);
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001::', 32], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** A public unicast address (not loopback, private, link-local, carrier-grade NAT, documentation, multicast, mapped). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it carries (a BlockList
  // subnet ::ffff:0:0/96 would match every IPv4 address).
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return isPublicAddress(mapped);
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Resolver = (host: string, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
const systemResolver: Resolver = (host, cb) => dnsLookup(host, { all: true }, cb);

/**
 * A `lookup` for the push connection: resolves the host, refuses when the host is not a push service or
 * any address is not public, and hands the connection only the checked addresses.
 */
export function publicLookup(resolve: Resolver = systemResolver) {
  return (hostname: string, options: { all?: boolean; family?: number } | number | undefined, callback: (...args: unknown[]) => void): void => {
    const all = typeof options === 'object' && options !== null && options.all === true;
    if (!hostAllowed(hostname.toLowerCase())) {
      callback(Object.assign(new Error(`push host not allowed: ${hostname}`), { code: 'EPUSHHOST' }));
      return;
    }
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err);
      if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(Object.assign(new Error(`push host resolves to a non-public address: ${hostname}`), { code: 'EPUSHADDR' }));
      }
      if (all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** The agent every push is sent through (keep-alive off: every send resolves and checks again). */
export function pushAgent(resolve?: Resolver): Agent {
  return new Agent({ keepAlive: false, lookup: publicLookup(resolve) as never });
}
