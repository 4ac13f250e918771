import { userWrites } from '../../../src/domain/users/writes';
import { ok, refuse, registerWrite } from '../../sync/writes';
import type { UserRow } from '../rows';
import { updateUserEffect } from './user';

/** The user edit (declared in src/domain/users/writes.ts): offline in the app, exactly once here. */
registerWrite(
  userWrites.update,
  async ({ tx, viewer, input, current, graph }) => {
    if (!current || Number(current.id) !== input.id) return refuse('admin.errors.forbidden');
    const result = await updateUserEffect(tx, { viewer, ip: graph.ip }, input, current as unknown as UserRow);
    return result.success ? ok() : refuse(result.reason ?? 'admin.errors.unknown');
  },
  { description: 'Edits a user: only the fields sent change; username and role are not part of it (01 §5).' },
);
