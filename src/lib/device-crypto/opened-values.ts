/**
 * Opened values kept in memory for the page's reader of the replica (issue 36, the list speed): a screen's
 * liveQuery reads a whole collection again on every run (the name lists sort in memory, sorted-rows.ts), and
 * opening a sealed value (AES-GCM in JavaScript, then JSON) is most of that read's cost. A sealed value is
 * identified by its IV and tag: every write seals with a fresh random IV, and the tag authenticates the bytes
 * between, so a record whose IV and tag are the ones opened before holds the same plaintext. Such a value is
 * answered from memory (a shallow copy with the record's own clear fields); anything else is opened and kept.
 *
 * Only plaintext the key already opened is kept, in this page's memory only (never on disk), and it goes with
 * the key: a lock, a sign-out or a new key drops it (onDataKeyChange). Bounded: past `limit` values the oldest
 * read go first.
 */
import { onDataKeyChange } from './data-keys';
import { SEALED_FIELD } from './seal-codec';
import { IV_BYTES, TAG_BYTES } from './aes-gcm';

interface Kept {
  fingerprint: string;
  value: Record<string, unknown>;
}

export interface OpenedValues {
  /** The value of `record` (sealed), from memory when it was opened unchanged before, else from `openIt`. */
  open(table: string, clearFields: readonly string[], record: Record<string, unknown>, openIt: () => Record<string, unknown>): Record<string, unknown>;
  readonly size: number;
}

/** IV and tag as a string (28 bytes): equal exactly while the sealed value is. */
function fingerprintOf(sealed: Uint8Array): string {
  let text = '';
  for (let i = 0; i < IV_BYTES; i++) text += String.fromCharCode(sealed[i]!);
  for (let i = sealed.length - TAG_BYTES; i < sealed.length; i++) text += String.fromCharCode(sealed[i]!);
  return `${sealed.length}:${text}`;
}

export function makeOpenedValues(limit: number): OpenedValues {
  const values = new Map<string, Kept>();
  return {
    get size() {
      return values.size;
    },
    open(table, clearFields, record, openIt) {
      const sealed = record[SEALED_FIELD] as Uint8Array;
      const key = `${table}\u0000${JSON.stringify(record[clearFields[0]!] ?? null)}`;
      const fingerprint = fingerprintOf(sealed);
      const hit = values.get(key);
      if (hit && hit.fingerprint === fingerprint) {
        // Most recently read last: the oldest go first when the limit is reached.
        values.delete(key);
        values.set(key, hit);
        const copy = { ...hit.value };
        for (const field of clearFields) if (record[field] !== undefined) copy[field] = record[field];
        return copy;
      }
      const value = openIt();
      values.delete(key);
      values.set(key, { fingerprint, value: { ...value } });
      if (values.size > limit) {
        const drop = Math.max(1, Math.floor(limit / 10));
        let n = 0;
        for (const oldest of values.keys()) {
          if (n++ >= drop) break;
          values.delete(oldest);
        }
      }
      return value;
    },
  };
}

/** One store per identity and limit, dropped when the identity's key changes or goes. */
const stores = new Map<string, OpenedValues>();
onDataKeyChange((identity) => stores.delete(identity));

export function openedValuesOf(identity: string, limit: number): OpenedValues {
  let store = stores.get(identity);
  if (!store) {
    store = makeOpenedValues(limit);
    stores.set(identity, store);
  }
  return store;
}
