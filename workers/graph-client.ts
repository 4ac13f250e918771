/**
 * The worker's GraphQL transport: graphql-request (the design card's client) under one outcome
 * classification the sync engine acts on. Never throws: every failure becomes an outcome.
 */
import { ClientError, GraphQLClient } from 'graphql-request';
import { isBlockingErrorCode, type BlockingErrorCode } from '../src/domain/sync/types';

export const GRAPH_ENDPOINT = '/api/v2/graph';

/** What a graph request came to, sorted the way the sync engine acts on it. */
export type GraphOutcome<T> =
  /** `errors`: field errors beside partial data (a batch where one field failed). */
  | { kind: 'data'; data: T; errors?: FieldError[] }
  /** Offline, timeout, 5xx, 408, 429, an unreadable answer: try again later, keep order. */
  | { kind: 'network'; error: string }
  /** A catalogue code that needs the shell (sign in again, two-step, maintenance, another identity): pause. */
  | { kind: 'blocked'; code: BlockingErrorCode; hint?: string | undefined }
  /** The server understood and refused the whole request (GraphQL validation, 4xx). */
  | { kind: 'error'; message: string; code?: string };

export interface FieldError {
  message: string;
  path: readonly (string | number)[];
  /** The error's extensions.code (the server's classification of a write that threw). */
  code?: string;
}

export type GraphTransport = <T>(query: string, variables: Record<string, unknown>) => Promise<GraphOutcome<T>>;

interface GraphErrorLike {
  message?: string;
  path?: readonly (string | number)[];
  extensions?: Readonly<Record<string, unknown>>;
}

export function classify<T>(status: number, data: T | null | undefined, errors: readonly GraphErrorLike[]): GraphOutcome<T> {
  const blocking = errors.find((e) => isBlockingErrorCode(e.extensions?.code));
  if (blocking && isBlockingErrorCode(blocking.extensions?.code)) {
    const hint = blocking.extensions?.hint;
    return { kind: 'blocked', code: blocking.extensions.code, hint: typeof hint === 'string' ? hint : undefined };
  }
  if (status >= 500 || status === 408 || status === 429) return { kind: 'network', error: `HTTP ${status}` };
  if (data != null) {
    return errors.length > 0
      ? { kind: 'data', data, errors: errors.map((e) => ({
          message: e.message ?? 'error',
          path: e.path ?? [],
          ...(typeof e.extensions?.code === 'string' ? { code: e.extensions.code } : {}),
        })) }
      : { kind: 'data', data };
  }
  if (errors.length > 0) {
    // The catalogue code (a 413's payload_too_large) is what the client acts on, never the sentence.
    const code = errors.find((e) => typeof e.extensions?.code === 'string')?.extensions?.code;
    return { kind: 'error', message: errors.map((e) => e.message ?? 'error').join(', '), ...(typeof code === 'string' ? { code } : {}) };
  }
  if (status >= 400) return { kind: 'error', message: `HTTP ${status}` };
  return { kind: 'network', error: 'Unexpected empty response' };
}

function origin(): string {
  return typeof self !== 'undefined' && 'location' in self ? self.location.origin : 'http://localhost';
}

/**
 * GraphQL with the session cookie (`credentials: 'include'`). `headers` is read on every request
 * (the identity the worker was started for). `fetchFn` and `baseUrl` let tests run the engine in
 * Node against the real app.
 */
export function createGraphTransport(
  options: { baseUrl?: string; fetchFn?: typeof fetch; headers?: () => Record<string, string>; timeoutMs?: number } = {},
): GraphTransport {
  const fetchFn: typeof fetch = options.fetchFn ?? ((input, init) => fetch(input, init));
  const client = new GraphQLClient(new URL(GRAPH_ENDPOINT, options.baseUrl || origin()).toString(), {
    credentials: 'include',
    errorPolicy: 'all',
    fetch: fetchFn,
    headers: () => options.headers?.() ?? {},
  });
  return async <T>(query: string, variables: Record<string, unknown>): Promise<GraphOutcome<T>> => {
    try {
      const res = await client.rawRequest<T>({ query, variables, signal: AbortSignal.timeout(options.timeoutMs ?? 30_000) });
      return classify<T>(res.status, res.data, res.errors ?? []);
    } catch (err) {
      if (err instanceof ClientError) {
        const r = err.response as { status: number; data?: T | null; errors?: readonly GraphErrorLike[] };
        return classify<T>(r.status, r.data, r.errors ?? []);
      }
      // fetch failed (offline, timeout, connection dropped) or the answer was not JSON.
      return { kind: 'network', error: err instanceof Error ? err.message : String(err) };
    }
  };
}
