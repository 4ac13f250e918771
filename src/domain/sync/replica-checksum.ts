/**
 * The note the worker leaves in the replica's meta table when replica checksums found a collection
 * that drifted from the server and pulled it again (workers/replica/checksum.ts); the changes page
 * shows it in the sync details.
 */
import type { CollectionName } from './collections';

export const CHECKSUM_REPAIR_KEY = 'checksumRepair';

export interface ChecksumRepairNote {
  at: number;
  collections: CollectionName[];
}

export function isChecksumRepairNote(value: unknown): value is ChecksumRepairNote {
  const v = value as ChecksumRepairNote | null;
  return typeof v === 'object' && v !== null && typeof v.at === 'number' && Array.isArray(v.collections);
}
