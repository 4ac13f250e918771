import { uploadToGraph } from '../../../lib/api/graph-upload';
import { PORTAL_OPS, type PortalOpDef } from './operations';
import type { PendingWrite } from './pending-db';

export type SendOutcome = { kind: 'accepted' } | { kind: 'refused'; reason: string } | { kind: 'retry' };

/**
 * Sends one queued write: JSON, or multipart with the file part for uploads (uploadToGraph, with
 * progress). Network failures, 5xx and answers without a result are retried.
 */
export async function sendWrite(write: PendingWrite, onProgress: (percent: number) => void): Promise<SendOutcome> {
  const def: PortalOpDef = PORTAL_OPS[write.op];
  const answer = await uploadToGraph({
    query: def.query,
    variables: write.variables,
    field: def.field,
    ...(def.upload && write.file ? { file: write.file, fileName: write.fileName ?? 'upload' } : {}),
    onProgress,
  });
  if (answer.kind !== 'result') return { kind: 'retry' };
  return answer.success ? { kind: 'accepted' } : { kind: 'refused', reason: answer.reason ?? 'portal.errors.unknown' };
}
