/**
 * The worker's multipart transport for outbox rows that carry a file (docs/writes.md, "Files"): the
 * push document of ONE row as a `query` part and a `variables` part, the bytes as the `file` part
 * (01 §7), sent with XMLHttpRequest because fetch reports no upload progress. Its answer is sorted
 * exactly like the JSON transport's (workers/graph-client.ts), so the push treats both alike; a
 * refusal of the request itself (413 while the body streamed in, the graph route's content check)
 * is an `error` with the server's reason code as its message.
 */
import { classify, GRAPH_ENDPOINT, type GraphOutcome } from './graph-client';

export interface UploadFile {
  blob: Blob;
  name: string;
}

/** Sends one push document with its file; `onProgress(loaded, total)` while the body goes out. Never throws. */
export type UploadTransport = <T>(
  query: string,
  variables: Record<string, unknown>,
  file: UploadFile,
  onProgress: (loaded: number, total: number) => void,
) => Promise<GraphOutcome<T>>;

interface Body {
  data?: unknown;
  errors?: { message?: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
  messageKey?: unknown;
  error?: unknown;
}

function origin(): string {
  return typeof self !== 'undefined' && 'location' in self ? self.location.origin : 'http://localhost';
}

export function createUploadTransport(options: { baseUrl?: string; headers?: () => Record<string, string>; timeoutMs?: number } = {}): UploadTransport {
  const url = new URL(GRAPH_ENDPOINT, options.baseUrl || origin()).toString();
  return <T>(query: string, variables: Record<string, unknown>, file: UploadFile, onProgress: (loaded: number, total: number) => void) =>
    new Promise<GraphOutcome<T>>((resolve) => {
      if (typeof XMLHttpRequest === 'undefined') return resolve({ kind: 'network', error: 'XMLHttpRequest is not available' });
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? 10 * 60_000;
      xhr.setRequestHeader('accept', 'application/json');
      for (const [name, value] of Object.entries(options.headers?.() ?? {})) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded, e.total);
      };
      xhr.onload = () => {
        let body: Body | null = null;
        try {
          body = JSON.parse(xhr.responseText) as Body;
        } catch {
          body = null;
        }
        if (xhr.status === 0) return resolve({ kind: 'network', error: 'no answer' });
        const errors = body?.errors ?? [];
        // A request refused before GraphQL ran: its reason code, so the row fails with a text the user understands.
        const code = errors[0]?.extensions?.code ?? body?.messageKey;
        if (xhr.status >= 400 && xhr.status < 500 && xhr.status !== 408 && xhr.status !== 429 && typeof code === 'string' && !body?.data) {
          const outcome = classify<T>(xhr.status, null, errors);
          return resolve(outcome.kind === 'blocked' ? outcome : { kind: 'error', message: code });
        }
        resolve(classify<T>(xhr.status, (body?.data ?? null) as T | null, errors.map((e) => ({ ...e, path: e.path ?? [] }))));
      };
      xhr.onerror = () => resolve({ kind: 'network', error: 'upload failed' });
      xhr.ontimeout = () => resolve({ kind: 'network', error: 'upload timed out' });
      xhr.onabort = () => resolve({ kind: 'network', error: 'upload aborted' });
      const form = new FormData();
      form.set('query', query);
      form.set('variables', JSON.stringify(variables));
      form.set('file', file.blob, file.name);
      xhr.send(form);
    });
}
