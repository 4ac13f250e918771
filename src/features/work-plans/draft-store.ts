import { Dexie, type Table } from 'dexie';

/**
 * Review drafts kept in IndexedDB on this device, so a tablet that sleeps mid-review loses nothing:
 * every change is saved at once, and the draft goes when the review is queued.
 */
export interface ReviewDraft {
  key: string; // `${userId}:${assignmentUuid}`
  scores: Record<string, number>;
  top: string;
  tip: string;
  date: string;
  savedAt: number;
}

class DraftDb extends Dexie {
  drafts!: Table<ReviewDraft, string>;
  constructor() {
    super('werkpad-review-drafts');
    this.version(1).stores({ drafts: 'key, savedAt' });
  }
}

let db: DraftDb | null = null;
const open = (): DraftDb => (db ??= new DraftDb());

export const draftKey = (userId: number, assignmentUuid: string) => `${userId}:${assignmentUuid}`;
export const loadDraft = (key: string) => open().drafts.get(key);
export const saveDraft = (draft: ReviewDraft) => open().drafts.put(draft);
export const dropDraft = (key: string) => open().drafts.delete(key);
