import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import type { OutboxRow } from '../../domain/sync/outbox-machine';
import { useOutboxRows } from '../../lib/replica/hooks';

/** The write of `op` on `target` that the server refused, if any (the newest). */
export function refusalOf(rows: readonly OutboxRow[] | undefined, op: string, target: string): OutboxRow | null {
  const refused = (rows ?? []).filter((r) => r.op === op && r.target === target && r.status === 'failed');
  return refused[refused.length - 1] ?? null;
}

/**
 * A refusal from the server, answered after the form queued its write (offline: when it came back), put on
 * the form: on the field the server named (`fieldOf` its field code; null: the form as a whole, `root.server`)
 * with focus there. What the user typed stays in the form; the changes page keeps the refused change too.
 */
export function useServerRefusal<T extends FieldValues>(
  op: string,
  target: string,
  form: { setError: UseFormSetError<T>; setFocus: UseFormSetFocus<T> },
  fieldOf: (code: string | null) => Path<T> | null,
  focusForm: () => void,
): Record<string, unknown> | null {
  const rows = useOutboxRows();
  const row = refusalOf(rows, op, target);
  const shown = useRef<string | null>(null);
  const { setError, setFocus } = form;
  useEffect(() => {
    if (!row || shown.current === row.clientMutationId) return;
    shown.current = row.clientMutationId;
    const code = typeof row.errorParams?.field === 'string' ? row.errorParams.field : null;
    const field = fieldOf(code);
    const message = row.error ?? '';
    if (field) {
      setError(field, { type: 'server', message });
      setFocus(field);
    } else {
      setError('root.server', { type: 'server', message });
      focusForm();
    }
  }, [row, setError, setFocus, fieldOf, focusForm]);
  // The refusal's parameters, for its text ("Een gekozen onderdeel (werkplekken) bestaat niet (meer).").
  return row?.errorParams ?? null;
}
