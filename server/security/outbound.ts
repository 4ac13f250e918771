import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { hostIsInternal, isPublicIp } from '../../src/domain/shared/ip-address';

/**
 * The one guard for every connection the server opens to an address someone configured (issue 38, finding 4):
 * import and export endpoints, SSO issuers (discovery, keys, token and userinfo endpoints) and web push.
 *
 * - The URL: an allowed scheme, no credentials, a host the caller allows (the configured host, the issuer's
 *   host, a push service), and no internal IP literal or internal name (localhost, .local, .internal …).
 * - The connection: the host is resolved here and every address must be public (src/domain/shared/ip-address.ts,
 *   IPv6 forms carrying an IPv4 address included); the socket connects to the address that was checked (the
 *   lookup hands over only checked addresses), so DNS cannot point the name inward between check and connect.
 * - Redirects are followed by hand, at most `maxRedirects`, and every hop is checked as the first.
 * - A timeout and a size limit on the answer.
 * Operators exempt named hosts from the public-address rule (`privateHosts`: WERKPAD_TRANSFER_PRIVATE_HOSTS, or the
 * loopback issuers of WERKPAD_SSO_LOOPBACK_ISSUERS); the host and scheme rules still hold for them.
 */

export type OutboundRefusal = 'url_invalid' | 'other_host' | 'private_address' | 'too_many_redirects' | 'too_large' | 'timeout' | 'unreachable';

export class OutboundRefused extends Error {
  constructor(readonly refusal: OutboundRefusal, message: string) {
    super(message);
  }
}

export type Resolver = (host: string, cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;
const systemResolver: Resolver = (host, cb) => dnsLookup(host, { all: true }, cb);

export interface OutboundRules {
  protocols: readonly ('http:' | 'https:')[];
  /** Whether this URL's host may be reached at all (checked for every hop). */
  hostAllowed: (url: URL) => boolean;
  /** Host names or IP literals (lower case, without brackets) exempt from the public-address rule. */
  privateHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** The name resolution (tests put DNS answers here). */
  resolve?: Resolver;
}

export const bareHost = (host: string): string => host.toLowerCase().replace(/^\[|\]$/g, '');
/** An operator's exemption matches the host however either is written ([::1] or ::1, any case). */
const isExempt = (privateHosts: readonly string[], host: string): boolean => privateHosts.some((h) => bareHost(h) === bareHost(host));

/** The reason a URL may not be connected to under the rules (before any connection), or null. */
export function urlRefusal(url: string | URL, rules: Pick<OutboundRules, 'protocols' | 'hostAllowed' | 'privateHosts'>): OutboundRefusal | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url_invalid';
  }
  if (!(rules.protocols as readonly string[]).includes(u.protocol) || u.username || u.password) return 'url_invalid';
  if (!rules.hostAllowed(u)) return 'other_host';
  if (isExempt(rules.privateHosts, u.hostname)) return null;
  return hostIsInternal(u.hostname) ? 'private_address' : null;
}

export const ADDRESS_REFUSED = 'EOUTBOUNDADDR';

/**
 * The `lookup` of a guarded connection: resolves the name, refuses (error code EOUTBOUNDADDR) when any address
 * is not public (unless the host is exempt), and hands the socket only the checked addresses.
 */
export function guardedLookup(rules: Pick<OutboundRules, 'privateHosts' | 'resolve'>) {
  const resolve = rules.resolve ?? systemResolver;
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void): void => {
    const all = typeof options === 'object' && options !== null && options.all === true;
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err);
      const exempt = isExempt(rules.privateHosts, hostname);
      if (addresses.length === 0 || (!exempt && addresses.some((a) => !isPublicIp(a.address)))) {
        return callback(Object.assign(new Error(`${hostname} resolves to a non-public address`), { code: ADDRESS_REFUSED }));
      }
      if (all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export interface OutboundInit {
  method: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal | null;
}

export interface GuardedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function sendOnce(url: URL, init: OutboundInit, rules: OutboundRules): Promise<GuardedAnswer> {
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<GuardedAnswer>((resolve, reject) => {
    const req = lib.request(url, {
      method: init.method,
      headers: init.headers ?? {},
      lookup: guardedLookup(rules) as never,
      timeout: rules.timeoutMs,
      agent: false,
    }, (res) => {
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > rules.maxBytes) {
        res.destroy();
        reject(new OutboundRefused('too_large', `answer over ${rules.maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rules.maxBytes) {
          res.destroy();
          reject(new OutboundRefused('too_large', `answer over ${rules.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.href }));
      res.on('error', (e) => reject(new OutboundRefused('unreachable', e.message)));
    });
    const deadline = setTimeout(() => req.destroy(new OutboundRefused('timeout', 'timed out')), rules.timeoutMs);
    const abort = () => req.destroy(new OutboundRefused('timeout', 'aborted'));
    init.signal?.addEventListener('abort', abort, { once: true });
    req.on('close', () => {
      clearTimeout(deadline);
      init.signal?.removeEventListener('abort', abort);
    });
    req.on('timeout', () => req.destroy(new OutboundRefused('timeout', 'timed out')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e instanceof OutboundRefused) reject(e);
      else if (e.code === ADDRESS_REFUSED) reject(new OutboundRefused('private_address', e.message));
      else reject(new OutboundRefused('unreachable', e.message));
    });
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/** Sends a request under the rules, following redirects by hand (each hop checked as the first). */
export async function guardedRequest(url: string, init: OutboundInit, rules: OutboundRules): Promise<GuardedAnswer> {
  let current = url;
  let request = init;
  for (let hop = 0; ; hop += 1) {
    const refusal = urlRefusal(current, rules);
    if (refusal) throw new OutboundRefused(refusal, `refused: ${current}`);
    const answer = await sendOnce(new URL(current), request, rules);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || typeof location !== 'string') return answer;
    if (hop >= rules.maxRedirects) throw new OutboundRefused('too_many_redirects', `more than ${rules.maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new OutboundRefused('url_invalid', `bad redirect: ${location.slice(0, 200)}`);
    }
    // As fetch does: 303 (and 301/302 after a POST) continue as GET without a body.
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && request.method === 'POST')) {
      const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'content-type' && k.toLowerCase() !== 'content-length'));
      request = { method: 'GET', headers, signal: request.signal ?? null };
    }
    current = next.href;
  }
}

/** A fetch (for openid-client's customFetch) that goes through the guard and answers a standard Response. */
export function guardedFetch(rules: OutboundRules) {
  return async (url: string, options: { method?: string; headers?: Record<string, string> | Headers; body?: unknown; signal?: AbortSignal | null } = {}): Promise<Response> => {
    const headers = options.headers instanceof Headers ? Object.fromEntries(options.headers.entries()) : { ...(options.headers ?? {}) };
    const body = requestBody(options.body);
    const answer = await guardedRequest(url, { method: options.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}), signal: options.signal ?? null }, rules);
    if (answer.status < 200 || answer.status > 599) throw new OutboundRefused('unreachable', `status ${answer.status}`);
    const responseHeaders = new Headers();
    for (const [k, v] of Object.entries(answer.headers)) {
      if (Array.isArray(v)) for (const one of v) responseHeaders.append(k, one);
      else if (v !== undefined) responseHeaders.set(k, v);
    }
    const nullBody = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(nullBody ? null : new Uint8Array(answer.body), { status: answer.status, headers: responseHeaders });
  };
}

function requestBody(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new OutboundRefused('url_invalid', 'unsupported request body');
}
