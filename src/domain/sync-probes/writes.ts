/**
 * The sync self-test document's writes: the smallest set (create or edit merged per field, a
 * commutative counter, delete). The fault-injection test drives the outbox with these.
 */
import * as v from 'valibot';
import { defineWrite } from '../writes/define';
import { UUID_PATTERN } from '../sync/uuid-v7';

export const SYNC_PROBE_MAX_BODY = 500;

const uuid = v.pipe(v.string(), v.regex(UUID_PATTERN, 'sync.errors.invalidId'));

export const probeWrites = {
  save: defineWrite({
    mutation: 'saveSyncProbe',
    input: v.object({
      uuid,
      body: v.pipe(v.string(), v.maxLength(SYNC_PROBE_MAX_BODY, 'sync.errors.bodyTooLong')),
      /** A second editable field, so concurrent edits of different fields can merge. */
      title: v.optional(v.pipe(v.string(), v.maxLength(200, 'sync.errors.bodyTooLong'))),
    }),
    document: { collection: 'syncProbes', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => (i.title === undefined ? { body: i.body } : { body: i.body, title: i.title }),
  }),
  bump: defineWrite({
    mutation: 'bumpSyncProbe',
    input: v.object({ uuid, delta: v.pipe(v.number(), v.integer(), v.minValue(-1_000_000), v.maxValue(1_000_000)) }),
  }),
  remove: defineWrite({
    mutation: 'deleteSyncProbe',
    input: v.object({ uuid }),
    document: { collection: 'syncProbes', target: (i) => i.uuid, mode: 'delete' },
  }),
};
