import { isBlockingErrorCode, type BlockingErrorCode } from '../src/domain/sync/types';

export const GRAPH_ENDPOINT = '/api/v2/graph';

/** What a graph request came to, sorted the way the sync engine acts on it. */
export type GraphOutcome<T> =
  /** `errors`: field errors beside partial data (a batch where one field failed). */
  | { kind: 'data'; data: T; errors?: FieldError[] }
  /** Offline, timeout, 5xx: try again later, keep order. */
  | { kind: 'network'; error: string }
  /** A catalogue code that needs the shell (sign in again, two-step, maintenance): pause. */
  | { kind: 'blocked'; code: BlockingErrorCode; hint?: string | undefined }
  /** The server understood and refused (GraphQL error without a blocking code). */
  | { kind: 'error'; message: string };

export interface FieldError {
  message: string;
  path: readonly (string | number)[];
}

export type GraphTransport = <T>(query: string, variables: Record<string, unknown>) => Promise<GraphOutcome<T>>;

interface GraphResponse<T> {
  data?: T | null;
  errors?: { message?: string; path?: (string | number)[]; extensions?: { code?: unknown; hint?: unknown } }[];
}

/**
 * GraphQL over fetch with the session cookie (`credentials: 'include'`). Never throws: every failure
 * becomes an outcome. `fetchFn` and `baseUrl` let tests run the engine in Node against the real app.
 */
export function createGraphTransport(
  options: { baseUrl?: string; fetchFn?: typeof fetch; headers?: () => Record<string, string>; timeoutMs?: number } = {},
): GraphTransport {
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const url = `${options.baseUrl ?? ''}${GRAPH_ENDPOINT}`;
  return async <T>(query: string, variables: Record<string, unknown>): Promise<GraphOutcome<T>> => {
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', ...(options.headers?.() ?? {}) },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      return { kind: 'network', error: err instanceof Error ? err.message : String(err) };
    }
    if (res.status >= 500 || res.status === 408 || res.status === 429) return { kind: 'network', error: `HTTP ${res.status}` };
    let body: GraphResponse<T>;
    try {
      body = (await res.json()) as GraphResponse<T>;
    } catch {
      return res.ok ? { kind: 'network', error: 'Unexpected empty response' } : { kind: 'network', error: `HTTP ${res.status}` };
    }
    const errors = body.errors ?? [];
    const blocking = errors.find((e) => isBlockingErrorCode(e.extensions?.code));
    if (blocking && isBlockingErrorCode(blocking.extensions?.code)) {
      const hint = blocking.extensions?.hint;
      return { kind: 'blocked', code: blocking.extensions.code, hint: typeof hint === 'string' ? hint : undefined };
    }
    if (errors.length > 0 && body.data != null) {
      return {
        kind: 'data',
        data: body.data,
        errors: errors.map((e) => ({ message: e.message ?? 'error', path: e.path ?? [] })),
      };
    }
    if (errors.length > 0) return { kind: 'error', message: errors.map((e) => e.message ?? 'error').join(', ') };
    if (!res.ok) return { kind: 'error', message: `HTTP ${res.status}` };
    if (body.data == null) return { kind: 'network', error: 'Unexpected empty response' };
    return { kind: 'data', data: body.data };
  };
}
