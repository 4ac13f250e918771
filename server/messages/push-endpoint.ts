import { isIP } from 'node:net';
import { Agent } from 'node:https';
import { isPublicIp } from '../../src/domain/shared/ip-address';
import { ADDRESS_REFUSED, guardedLookup, type Resolver } from '../security/outbound';

/**
 * Push endpoints are addresses the server connects to (issue 20, SSRF): only https to the push services
 * browsers use, on the default port, without credentials in the address; and at send time the host's
 * addresses are resolved again and every one must be public (the connection uses only those), so DNS
 * cannot point a known name inward between subscribing and sending. The address rules are the server's one
 * outbound guard's (server/security/outbound.ts, issue 38).
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

/** A public unicast address (the server's one classification, src/domain/shared/ip-address.ts). */
export const isPublicAddress = isPublicIp;

/**
 * A `lookup` for the push connection: refuses a host that is not a push service, then the outbound guard's
 * lookup (server/security/outbound.ts) resolves it, refuses when any address is not public and hands the
 * connection only the checked addresses.
 */
export function publicLookup(resolve?: Resolver) {
  const guarded = guardedLookup({ privateHosts: [], ...(resolve ? { resolve } : {}) });
  return (hostname: string, options: { all?: boolean; family?: number } | number | undefined, callback: (...args: unknown[]) => void): void => {
    if (!hostAllowed(hostname.toLowerCase())) {
      callback(Object.assign(new Error(`push host not allowed: ${hostname}`), { code: 'EPUSHHOST' }));
      return;
    }
    guarded(hostname, options, (err: unknown, ...rest: unknown[]) => {
      if ((err as { code?: string } | null)?.code === ADDRESS_REFUSED) {
        callback(Object.assign(new Error(`push host resolves to a non-public address: ${hostname}`), { code: 'EPUSHADDR' }));
        return;
      }
      callback(err, ...rest);
    });
  };
}

/** The agent every push is sent through (keep-alive off: every send resolves and checks again). */
export function pushAgent(resolve?: Resolver): Agent {
  return new Agent({ keepAlive: false, lookup: publicLookup(resolve) as never });
}
