import { Dexie, type Table } from 'dexie';
import type { CollectionName } from '../../src/domain/sync/collections';
import { declareReplicaSchema, replicaName, type CheckpointRow, type MetaRow } from '../../src/domain/sync/replica-schema';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { keepOutboxCounts } from './outbox-counts';
import { rowIdentityKey } from '../../src/domain/sync/row-identity';
import type { OutboxFile } from '../../src/domain/writes/queued-file';
import { sealReplica } from '../../src/lib/device-crypto/replica-sealing';

/** The replica as the worker uses it: one Dexie database per user and company. */
export interface Replica {
  dexie: Dexie;
  docs(name: CollectionName): Table<ReplicaDocument, string>;
  outbox: Table<OutboxRow, string>;
  checkpoints: Table<CheckpointRow, string>;
  meta: Table<MetaRow, string>;
  /**
   * The identity (rowIdentityKey) this replica's rows are made under and pushed as; null when the
   * opener did not say (tests, reading another replica's counts): rows then carry none.
   */
  identity: string | null;
  /** The bytes of queued uploads, beside their outbox rows (workers/outbox/files.ts). */
  outboxFiles: Table<OutboxFile, string>;
}

export function openReplica(
  session: { companyId: number; userId: number; chain?: readonly number[]; realUserId?: number },
  name = replicaName(session),
  identity: string | null = session.realUserId === undefined ? null : rowIdentityKey({ companyId: session.companyId, realUserId: session.realUserId, chain: session.chain ?? [] }),
): Replica {
  const dexie = new Dexie(name);
  // Every value sealed with the identity's data key (issue 36); without it reads and writes refuse (ReplicaLockedError).
  sealReplica(dexie);
  declareReplicaSchema(dexie);
  // Every outbox write keeps the counts row (outboxCounts reads one row, never the table).
  keepOutboxCounts(dexie);
  return {
    dexie,
    docs: (collection) => dexie.table<ReplicaDocument, string>(collection),
    outbox: dexie.table<OutboxRow, string>('outbox'),
    checkpoints: dexie.table<CheckpointRow, string>('checkpoints'),
    meta: dexie.table<MetaRow, string>('meta'),
    identity,
    outboxFiles: dexie.table<OutboxFile, string>('outboxFiles'),
  };
}
