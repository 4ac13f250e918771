import { IMITATE_USER_HEADER } from '../../domain/shared/constants';
import { GRAPH_ENDPOINT } from './client';
import { imitatedUserId } from './identity-chain-cookie';
import { DEVICE_HEADER, deviceId } from '../device/device-id';

/**
 * One graph request sent with XMLHttpRequest, because fetch reports no upload progress: multipart
 * (01 §7: a `query` part, a `variables` part and a `file` part) when it carries a file, JSON
 * otherwise. Answers what came back, never throws:
 * - `result`: the mutation's `{success, reason}` (field `field` of `data`);
 * - `refused`: the server refused the request itself (413 while the body streamed in, or the graph route's
 *   content check), with its code (`messages.errors.fileTooLarge`, `messages.errors.fileTypeNotAllowed`, ...);
 * - `network`: no answer (offline, connection lost, 5xx): nothing is known to be stored.
 * `signal` aborts the upload.
 */
export type UploadAnswer =
  | { kind: 'result'; success: boolean; reason: string | null }
  | { kind: 'refused'; status: number; code: string | null }
  | { kind: 'network' };

export interface GraphUpload {
  query: string;
  variables: Record<string, unknown>;
  /** The field of `data` that holds `{success, reason}`. */
  field: string;
  /** Multipart with this file; without it the request is JSON. */
  file?: Blob;
  fileName?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function codeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { messageKey?: unknown; error?: unknown; errors?: { extensions?: { code?: unknown } }[] };
  const code = b.errors?.[0]?.extensions?.code ?? b.messageKey ?? b.error;
  return typeof code === 'string' && code ? code : null;
}

export function uploadToGraph(u: GraphUpload): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPH_ENDPOINT);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const imitated = imitatedUserId();
    if (imitated !== null) xhr.setRequestHeader(IMITATE_USER_HEADER, String(imitated));
    // Every request names this browser profile (issue 36), as apiFetch does.
    xhr.setRequestHeader(DEVICE_HEADER, deviceId());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) u.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status === 0 || xhr.status >= 500) return resolve({ kind: 'network' });
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        return resolve(xhr.status >= 400 ? { kind: 'refused', status: xhr.status, code: null } : { kind: 'network' });
      }
      const data = typeof body === 'object' && body !== null ? (body as { data?: Record<string, unknown> | null }).data : null;
      const result = data?.[u.field];
      if (typeof result === 'object' && result !== null) {
        const { success, reason } = result as { success?: unknown; reason?: unknown };
        return resolve({ kind: 'result', success: success === true, reason: typeof reason === 'string' && reason ? reason : null });
      }
      resolve({ kind: 'refused', status: xhr.status, code: codeOf(body) });
    };
    xhr.onerror = () => resolve({ kind: 'network' });
    xhr.ontimeout = () => resolve({ kind: 'network' });
    xhr.onabort = () => resolve({ kind: 'network' });
    u.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    if (!u.file) {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify({ query: u.query, variables: u.variables }));
      return;
    }
    const form = new FormData();
    form.set('query', u.query);
    form.set('variables', JSON.stringify(u.variables));
    form.set('file', u.file, u.fileName ?? 'upload');
    xhr.send(form);
  });
}
