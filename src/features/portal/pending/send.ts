import { IMITATE_USER_HEADER } from '../../../domain/shared/constants';
import { GRAPH_ENDPOINT } from '../../../lib/api/client';
import { imitatedUserId } from '../../../lib/api/identity-chain-cookie';
import { PORTAL_OPS, type PortalOpDef } from './operations';
import type { PendingWrite } from './pending-db';

export type SendOutcome = { kind: 'accepted' } | { kind: 'refused'; reason: string } | { kind: 'retry' };

/**
 * Sends one queued write: JSON, or multipart with the file part for uploads (XMLHttpRequest, since
 * fetch reports no upload progress). Network failures, 5xx and answers without a result are retried.
 */
export function sendWrite(write: PendingWrite, onProgress: (percent: number) => void): Promise<SendOutcome> {
  const def: PortalOpDef = PORTAL_OPS[write.op];
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPH_ENDPOINT);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const imitated = imitatedUserId();
    if (imitated !== null) xhr.setRequestHeader(IMITATE_USER_HEADER, String(imitated));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 500 || xhr.status === 0) return resolve({ kind: 'retry' });
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        return resolve({ kind: 'retry' });
      }
      const data = typeof body === 'object' && body !== null ? (body as { data?: Record<string, unknown> | null }).data : null;
      const result = data?.[def.field];
      if (typeof result !== 'object' || result === null) return resolve({ kind: 'retry' });
      const { success, reason } = result as { success?: unknown; reason?: unknown };
      resolve(success === true ? { kind: 'accepted' } : { kind: 'refused', reason: typeof reason === 'string' && reason ? reason : 'portal.errors.unknown' });
    };
    xhr.onerror = () => resolve({ kind: 'retry' });
    xhr.ontimeout = () => resolve({ kind: 'retry' });
    if (def.upload && write.file) {
      const form = new FormData();
      form.set('query', def.query);
      form.set('variables', JSON.stringify(write.variables));
      form.set('file', write.file, write.fileName ?? 'upload');
      xhr.send(form);
    } else {
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.send(JSON.stringify({ query: def.query, variables: write.variables }));
    }
  });
}
