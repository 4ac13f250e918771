import type { Resolver, ResolverResult } from 'react-hook-form';
import { conflictFields, resolutionArgs, type OutboxRow } from '../../domain/sync/outbox-machine';
import { findWrite } from '../../domain/writes/registry';
import { checkWrite } from '../../lib/forms/form-helpers';

/** Per conflicting field (in conflictFields' order): keep the user's value or take the server's. */
export type Side = 'mine' | 'server';
export interface ConflictValues {
  choices: Side[];
}

/** The values the user chose, by field, as outbox.resolveConflict takes them. */
export function chosenValues(row: OutboxRow, values: ConflictValues): Record<string, unknown> {
  return Object.fromEntries(conflictFields(row).map((f, i) => [f.field, (values.choices[i] ?? 'mine') === 'mine' ? f.mine : f.server]));
}

/**
 * The conflict choice's resolver: the write the resolution sends (the row's write with the chosen values
 * on the server's version, as the outbox makes it) is checked with that write's own valibot schema, so
 * a mix the server would refuse (an end date before the start taken from the other side) is said at
 * the field before anything is queued. An issue of a field chosen lands on its choice; others are left to the server.
 */
export function conflictResolver(row: OutboxRow): Resolver<ConflictValues, unknown, Record<string, unknown>> {
  const fields = conflictFields(row).map((f) => f.field);
  const write = findWrite(row.op);
  return (values, _context, options): ResolverResult<ConflictValues, Record<string, unknown>> => {
    const chosen = chosenValues(row, values);
    if (!write || row.status !== 'conflict') return { values: chosen, errors: {} };
    const checked = checkWrite<ConflictValues, unknown>(write.input, resolutionArgs(row, chosen).args, (path) => {
      const at = fields.indexOf(path.split('.')[0] ?? '');
      return at >= 0 ? `choices.${at}` : 'other';
    }, options);
    // Only what a choice can mend stops the form; anything else is the server's to judge, as before.
    const choices = checked.errors.choices;
    if (choices) return { values: {}, errors: { choices } };
    return { values: chosen, errors: {} };
  };
}
