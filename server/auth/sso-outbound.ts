import type * as client from 'openid-client';
import type { Config } from '../config';
import { hostIsInternal, isLoopbackHost } from '../../src/domain/shared/ip-address';
import { bareHost, guardedFetch, type Resolver } from '../security/outbound';

/**
 * Where single sign-on may connect (issues 24 and 38): the adapter's issuer only, through the server's one
 * outbound guard (server/security/outbound.ts). Every request of openid-client (discovery, keys, token and
 * userinfo endpoints) goes to the issuer's scheme + host + port, to public addresses only (checked when
 * connecting, pinned against DNS rebinding), following at most three redirects that stay on that origin.
 */

export const SSO_TIMEOUT_SECONDS = 10;
/** A discovery document or key set is far smaller. */
const SSO_MAX_BYTES = 1024 * 1024;
const SSO_MAX_REDIRECTS = 3;

/**
 * Whether the server may talk to an issuer: https to a host that is no internal address or name; plain http (or
 * https) to a loopback address only when the installation allows it (`npm run dev`, or
 * WERKPAD_SSO_LOOPBACK_ISSUERS=1 for the tests).
 */
export function issuerAllowed(issuer: string, config: Pick<Config, 'ssoLoopbackIssuers'>): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || url.search) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (config.ssoLoopbackIssuers === true && isLoopbackHost(url.hostname)) return true;
  return url.protocol === 'https:' && !hostIsInternal(url.hostname);
}

/** The fetch openid-client uses for one issuer (its customFetch); `resolve` only for tests (DNS answers). */
export function issuerFetch(issuer: URL, config: Pick<Config, 'ssoLoopbackIssuers'>, resolve?: Resolver): client.CustomFetch {
  const exempt = config.ssoLoopbackIssuers === true && isLoopbackHost(issuer.hostname) ? [bareHost(issuer.hostname)] : [];
  return guardedFetch({
    protocols: [issuer.protocol === 'http:' ? 'http:' : 'https:'],
    hostAllowed: (u) => u.protocol === issuer.protocol && u.host === issuer.host,
    privateHosts: exempt,
    timeoutMs: SSO_TIMEOUT_SECONDS * 1000,
    maxBytes: SSO_MAX_BYTES,
    maxRedirects: SSO_MAX_REDIRECTS,
    ...(resolve ? { resolve } : {}),
  });
}
