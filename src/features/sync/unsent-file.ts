import type { TFunction } from 'i18next';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import { opLabel, reasonText } from './op-label';

/** The user the file belongs to, as the sign-out question knows them. */
export interface UnsentFileOwner {
  username: string;
  name: string;
}

const STATUS_KEYS = {
  pending: 'sync.signOut.status.pending',
  sending: 'sync.signOut.status.sending',
  failed: 'sync.signOut.status.failed',
  conflict: 'sync.signOut.status.conflict',
} as const;

/** The status of an unsent row in words (the sign-out list and the file). */
export function statusText(t: TFunction, status: OutboxRow['status']): string {
  return t(STATUS_KEYS[status]);
}

/**
 * "Save them as a file" (docs/decisions-auth-client.md, "Session end keeps unsent work"): every unsent
 * row with its operation, what it is in words, its state, the server's reason when refused, and the
 * input exactly as the user gave it. Indented JSON, so it can be read, kept, and typed in again.
 */
export function unsentFileContent(t: TFunction, rows: readonly OutboxRow[], owner: UnsentFileOwner, now: number): string {
  const changes = rows.map((row) => ({
    clientMutationId: row.clientMutationId,
    operation: row.op,
    description: opLabel(t, row.op),
    status: row.status,
    statusText: statusText(t, row.status),
    createdAt: new Date(row.createdAt).toISOString(),
    reason: (row.status === 'failed' || row.status === 'conflict') && row.error ? reasonText(t, row.error, row.errorParams) : null,
    ...(row.status === 'conflict' && row.conflictFields ? { conflictFields: row.conflictFields } : {}),
    input: row.args,
  }));
  return `${JSON.stringify({ app: 'Werkpad', kind: 'unsent-changes', exportedAt: new Date(now).toISOString(), user: owner, count: changes.length, changes }, null, 2)}\n`;
}

/** The file's name: `werkpad-niet-verzonden-<username>-<yyyy-mm-dd-hhmm>.json` (local time). */
export function unsentFileName(username: string, now: number): string {
  const d = new Date(now);
  const two = (n: number) => String(n).padStart(2, '0');
  const safe = username.replace(/[^A-Za-z0-9_-]+/g, '_') || 'gebruiker';
  return `werkpad-niet-verzonden-${safe}-${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}.json`;
}

/** Offers the file as a download (a Blob link the browser saves). */
export function downloadFile(name: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
