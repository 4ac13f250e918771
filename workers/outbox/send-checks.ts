/**
 * The batch taken for sending is checked as it will be sent (issue 37, docs/decisions-sync.md, "Checks
 * at send time"): a row queued by an older version of its write is migrated first, then its args
 * checked against the write's schema and its size measured with its base values and folded values.
 * A row that fails is not sent: it stays on the device, refused with a reason (the user's input kept
 * in its args, listed in /wijzigingen with copy, retry and discard).
 */
import * as v from 'valibot';
import type { OutboxRow } from '../../src/domain/sync/outbox-machine';
import { PAYLOAD_TOO_LARGE_REASON, tooLargeParams } from '../../src/domain/sync/write-checks';
import { INVALID_INPUT, writeVersion, type Write } from '../../src/domain/writes/define';
import { findWrite } from '../../src/domain/writes/registry';
import { MAX_ROW_BYTES, pushItemBytes } from './outbox';

export interface Refusal {
  reason: string;
  params: Record<string, unknown> | null;
}

/** The refusal of a row too large for one request: its largest field and its size (also what a 413 maps to). */
export function tooLargeRefusal(row: OutboxRow): Refusal {
  return { reason: PAYLOAD_TOO_LARGE_REASON, params: tooLargeParams(row.args, row.baseValues, pushItemBytes(row)) };
}

/** The row as it goes: migrated to its write's current version when it was made with an older one that has a hook. */
export function migratedForSending(row: OutboxRow, lookup: (name: string) => Write | null = findWrite): OutboxRow {
  const write = lookup(row.op);
  const from = row.version ?? 1;
  if (!write?.migrate || from >= writeVersion(write)) return row;
  return { ...row, args: write.migrate(from, row.args), version: writeVersion(write) };
}

/** Why the row cannot go as it is (schema, size), or null. A write this build does not know goes: the server answers it. */
export function refusalOf(row: OutboxRow, lookup: (name: string) => Write | null = findWrite): Refusal | null {
  const write = lookup(row.op);
  // Rows of a newer version than this build (another tab already updated) are the server's to judge.
  if (write && (row.version ?? 1) <= writeVersion(write)) {
    const parsed = v.safeParse(write.input, row.args);
    if (!parsed.success) {
      const first = parsed.issues[0];
      const field = (first?.path ?? []).map((p) => String(p.key)).join('.');
      const reason = first?.message && /^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/.test(first.message) ? first.message : INVALID_INPUT;
      return { reason, params: field ? { field } : null };
    }
  }
  return pushItemBytes(row) > MAX_ROW_BYTES ? tooLargeRefusal(row) : null;
}
