import type { OutboxRow } from '../../domain/sync/outbox-machine';

/**
 * A refused send the user chose to edit: the compose form opens with what they typed; sending the
 * edited message discards the refused one. Kept in memory only (the row itself stays in the outbox).
 */
let editing: OutboxRow | null = null;

export function startEditing(row: OutboxRow): void {
  editing = row;
}

export function takeEditing(): OutboxRow | null {
  const row = editing;
  editing = null;
  return row;
}
