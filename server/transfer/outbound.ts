import { bareHost, guardedRequest, OutboundRefused, type OutboundRefusal } from '../security/outbound';

/**
 * Outbound requests of imports, exports and the endpoint scanner (SSRF, issues 24 and 38) through the server's
 * one outbound guard (server/security/outbound.ts): http(s) only, no credentials in the address, only the
 * configured URL's host (redirects too: at most MAX_REDIRECTS, each hop checked), public addresses only, pinned
 * at connect time, a timeout and a size limit. Hosts an operator lists in WERKPAD_TRANSFER_PRIVATE_HOSTS (an
 * internal case system, or 127.0.0.1 in tests) are exempt from the public-address rule.
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
export const MAX_REDIRECTS = 3;

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

const REASONS: Record<OutboundRefusal, string> = {
  url_invalid: 'transfer.errors.urlInvalid',
  other_host: 'transfer.errors.otherHost',
  private_address: 'transfer.errors.privateAddress',
  too_many_redirects: 'transfer.errors.unreachable',
  too_large: 'transfer.errors.tooLarge',
  timeout: 'transfer.errors.timeout',
  unreachable: 'transfer.errors.unreachable',
};

/** Sends one request under the policy; answers the status, type and text of the body (refuses a body over the limit). */
export async function outbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundAnswer> {
  const host = bareHost(request.host);
  try {
    const answer = await guardedRequest(
      request.url,
      {
        method: request.method,
        headers: { 'user-agent': 'Werkpad-transfer/1', accept: 'application/json, text/csv;q=0.9, */*;q=0.5', ...request.headers },
        ...(request.body !== undefined ? { body: request.body } : {}),
      },
      { protocols: ['http:', 'https:'], hostAllowed: (u) => bareHost(u.hostname) === host, privateHosts: policy.privateHosts, timeoutMs: policy.timeoutMs, maxBytes: policy.maxBytes, maxRedirects: MAX_REDIRECTS },
    );
    return { status: answer.status, contentType: String(answer.headers['content-type'] ?? ''), body: answer.body.toString('utf8') };
  } catch (error) {
    if (error instanceof OutboundRefused) throw new OutboundError(REASONS[error.refusal], error.message);
    throw error;
  }
}
