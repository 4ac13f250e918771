/**
 * The main thread's read-only handle on the replica: the same IndexedDB database the sync worker
 * writes, opened with the same schema (src/domain/sync/replica-schema.ts). Dexie tells every
 * context when the worker writes, so liveQuery wakes the screens. Screens never write here: writes
 * go through the worker API (syncApi().<area>.<action>).
 */
import { Dexie, type Table } from 'dexie';
import type { CollectionName } from '../../domain/sync/collections';
import { declareReplicaSchema, replicaName } from '../../domain/sync/replica-schema';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../domain/sync/types';
import { sealReplica } from '../device-crypto/replica-sealing';
import { whenUnlocked } from '../device-crypto/seal';
import { openWithDeviceShare } from '../device-crypto/session-keys';

export interface ReplicaReader {
  dexie: Dexie;
  docs(name: CollectionName): Table<ReplicaDocument, string>;
  outbox: Table<OutboxRow, string>;
}

let current: { key: string; reader: ReplicaReader } | null = null;

/** Whose replica: the company, the effective user and, while impersonating, the chain and the real user. */
type ReplicaIdentity = { companyId: number; userId: number; chain?: readonly number[]; realUserId?: number };

/** The replica of a user and company (cached; switching user closes the previous one). */
export function replicaReader(session: ReplicaIdentity): ReplicaReader {
  const key = replicaName(session);
  if (current?.key === key) return current.reader;
  current?.reader.dexie.close();
  const dexie = new Dexie(key);
  // Sealed with the identity's data key (issue 36): the worker writes, this reader opens what it wrote.
  sealReplica(dexie, { reader: true });
  declareReplicaSchema(dexie);
  const reader: ReplicaReader = {
    dexie,
    docs: (name) => dexie.table<ReplicaDocument, string>(name),
    outbox: dexie.table<OutboxRow, string>('outbox'),
  };
  current = { key, reader };
  return reader;
}

/** Closes the open reader; with a session, only if the open reader is that session's replica. */
export function closeReplicaReader(session?: ReplicaIdentity): void {
  if (session && current?.key !== replicaName(session)) return;
  current?.reader.dexie.close();
  current = null;
}

/**
 * Opens the reader once the identity's data key is here (an upgrade of its schema seals what it keeps, so it
 * needs the key): before unlock nothing is opened or read.
 */
export async function openReplicaReader(session: ReplicaIdentity): Promise<void> {
  // A reload online: the device's key share opens the user's own key as early as the page knows the stored session,
  // beside the session check and the sync chunk's load (the sync start would ask the same, a moment later).
  if ((session.chain ?? []).length === 0) openWithDeviceShare(replicaName(session));
  await whenUnlocked(replicaName(session));
  // A clear replica with queued files is upgraded by the sync worker (replica-schema.ts, version 6): a page
  // that opened it first tries again after the worker's open.
  for (let attempt = 0; ; attempt++) {
    try {
      const reader = replicaReader(session);
      await reader.dexie.open();
      warmNameLists(reader);
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}

/** The collections whose screens read them whole (the name lists, src/lib/replica/sorted-rows.ts). */
const WARMED: readonly CollectionName[] = ['participants', 'users'];

/**
 * Once the reader is open, while the page is idle: reads the name lists' collections once, so the values the
 * sealing layer opens are kept (opened-values.ts) and the first list the user opens does not decrypt them all
 * (issue 36, the list speed). A read that fails (the key went, the reader closed) is of no concern: the list
 * reads for itself.
 */
function warmNameLists(reader: ReplicaReader): void {
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  const run = () => {
    void (async () => {
      for (const name of WARMED) {
        if (current?.reader !== reader) return;
        await reader.docs(name).toArray().catch(() => undefined);
      }
    })();
  };
  if (idle) idle(run, { timeout: 2_000 });
  else setTimeout(run, 0);
}
