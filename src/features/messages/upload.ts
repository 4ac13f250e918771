import type { AttachmentMeta } from '../../domain/messages/attachments';
import { IMITATE_USER_HEADER } from '../../domain/shared/constants';
import { imitatedUserId } from '../../lib/api/identity-chain-cookie';

export type UploadOutcome = { ok: true; file: AttachmentMeta } | { ok: false; message: string | null };

/**
 * POST /api/files with progress (fetch has no upload progress, so XMLHttpRequest). Answers the
 * stored file or the server's reason code (`messageKey`; null: network failure).
 */
export function uploadAttachment(file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/files');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const imitated = imitatedUserId();
    if (imitated !== null) xhr.setRequestHeader(IMITATE_USER_HEADER, String(imitated));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body && typeof body === 'object') resolve({ ok: true, file: body as AttachmentMeta });
      else {
        const message = body && typeof body === 'object' && 'messageKey' in body && typeof body.messageKey === 'string' ? body.messageKey : null;
        resolve({ ok: false, message });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: null });
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
