import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isPublicAddress } from '../messages/push-endpoint';

/**
 * Outbound requests of imports, exports and the endpoint scanner (SSRF, issue 24): http(s) only, no
 * credentials in the address, no redirects followed, a timeout and a size limit; every address the
 * host resolves to must be public (the connection uses only the checked addresses, so DNS cannot point
 * a name inward between the check and the connection). Hosts an operator lists in
 * WERKPAD_TRANSFER_PRIVATE_HOSTS (e.g. an internal case system, or 127.0.0.1 in tests) are exempt.
 */
export interface OutboundPolicy {
  /** Host names or IP literals that may be private (lower case). */
  privateHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** An import page or export answer; the scanner reads less (SCANNER_MAX_BYTES). */
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const SCANNER_MAX_BYTES = 1024 * 1024;

export class OutboundError extends Error {
  constructor(readonly reason: string, message: string) {
    super(message);
  }
}

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** The only host this request may go to (the configured URL's host). */
  host: string;
}

export interface OutboundAnswer {
  status: number;
  contentType: string;
  body: string;
}

const bareHost = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

/** The refusal reason for an address before connecting, or null. */
export function outboundProblem(url: string, host: string, policy: Pick<OutboundPolicy, 'privateHosts'>): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'transfer.errors.urlInvalid';
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return 'transfer.errors.urlInvalid';
  const h = bareHost(u.hostname);
  if (h !== bareHost(host)) return 'transfer.errors.otherHost';
  if (policy.privateHosts.includes(h)) return null;
  if (isIP(h) !== 0 && !isPublicAddress(h)) return 'transfer.errors.privateAddress';
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal')) return 'transfer.errors.privateAddress';
  return null;
}

function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void): void => {
    const all = typeof options === 'object' && options !== null && options.all === true;
    dnsLookup(hostname, { all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const exempt = policy.privateHosts.includes(bareHost(hostname));
      if (addresses.length === 0 || (!exempt && addresses.some((a) => !isPublicAddress(a.address)))) {
        return callback(Object.assign(new Error(`transfer host resolves to a non-public address: ${hostname}`), { code: 'ETRANSFERADDR' }));
      }
      if (all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** Sends one request under the policy; answers the status, type and text of the body (refuses a body over the limit). */
export function outbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const problem = outboundProblem(request.url, request.host, policy);
  if (problem) return Promise.reject(new OutboundError(problem, `refused: ${request.url}`));
  const u = new URL(request.url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: request.method,
        headers: { 'user-agent': 'Werkpad-transfer/1', accept: 'application/json, text/csv;q=0.9, */*;q=0.5', ...request.headers },
        lookup: guardedLookup(policy) as never,
        timeout: policy.timeoutMs,
        agent: false,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > policy.maxBytes) {
          res.destroy();
          reject(new OutboundError('transfer.errors.tooLarge', `answer over ${policy.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            res.destroy();
            reject(new OutboundError('transfer.errors.tooLarge', `answer over ${policy.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => reject(new OutboundError('transfer.errors.unreachable', e.message)));
      },
    );
    const deadline = setTimeout(() => req.destroy(new OutboundError('transfer.errors.timeout', 'timed out')), policy.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new OutboundError('transfer.errors.timeout', 'timed out')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e instanceof OutboundError) reject(e);
      else if (e.code === 'ETRANSFERADDR') reject(new OutboundError('transfer.errors.privateAddress', e.message));
      else reject(new OutboundError('transfer.errors.unreachable', e.message));
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
