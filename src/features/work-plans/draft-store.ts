import type { Table } from 'dexie';
import { identityStore } from '../../lib/device-crypto/identity-store';
import { draftsDatabaseName } from '../../lib/device-crypto/identity-databases';
import { currentIdentity } from '../../lib/replica/current-identity';

/**
 * Review drafts kept in IndexedDB on this device, so a tablet that sleeps mid-review loses nothing:
 * every change is saved at once, and the draft goes when the review is queued. One database per identity,
 * sealed with its data key (issue 36, src/lib/device-crypto/identity-store.ts).
 */
export interface ReviewDraft {
  key: string; // `${userId}:${assignmentUuid}`
  scores: Record<string, number>;
  top: string;
  tip: string;
  date: string;
  savedAt: number;
}

const drafts = identityStore({
  name: draftsDatabaseName,
  stores: { drafts: 'key, savedAt' },
  clear: { drafts: ['key', 'savedAt'] },
  // The shared clear database of earlier builds: this identity's drafts move, then it goes.
  legacy: { name: 'werkpad-review-drafts', rowsOf: (identity) => [{ table: 'drafts', mine: (key) => key.startsWith(`${effectiveUserOf(identity)}:`) }] },
});

/** The drafts of the identity shown now: one sealed database per identity (issue 36). */
async function table(): Promise<Table<ReviewDraft, string>> {
  const identity = currentIdentity();
  if (!identity) throw new Error('no identity: signed out');
  return (await drafts(identity)).table<ReviewDraft, string>('drafts');
}

/** `werkpad-<company>-<user>[-via-…]`: the user whose data it is. */
function effectiveUserOf(identity: string): string {
  return /^werkpad-\d+-(\d+)/.exec(identity)?.[1] ?? '-';
}

export const draftKey = (userId: number, assignmentUuid: string) => `${userId}:${assignmentUuid}`;
export const loadDraft = async (key: string) => (await table()).get(key);
export const saveDraft = async (draft: ReviewDraft) => (await table()).put(draft);
export const dropDraft = async (key: string) => (await table()).delete(key);
