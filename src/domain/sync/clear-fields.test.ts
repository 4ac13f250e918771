import { describe, expect, it } from 'vitest';
import { NON_PERSONAL_FIELDS, REPLICA_CLEAR_FIELDS } from './clear-fields';
import { REPLICA_VERSIONS } from './replica-schema';

/** Every table of the newest replica schema with its primary key and index fields (Dexie store syntax). */
function latestStores(): Map<string, string[]> {
  const stores = new Map<string, string>();
  for (const version of REPLICA_VERSIONS) {
    for (const [table, spec] of Object.entries(version.stores)) {
      if (spec === null) stores.delete(table);
      else stores.set(table, spec);
    }
  }
  const fields = (spec: string) =>
    spec
      .split(/,(?![^[]*\])/)
      .map((part) => part.trim().replace(/^[&*+]+/, ''))
      .flatMap((part) => part.replace(/[[\]]/g, '').split('+'))
      .filter((field) => field !== '');
  return new Map([...stores].map(([table, spec]) => [table, fields(spec)]));
}

describe('the clear fields of the sealed replica (issue 36)', () => {
  const stores = latestStores();

  it('reads the schema', () => {
    expect(stores.get('participants')).toEqual(['uuid', 'id', 'updatedAt', 'coachId', 'managerId', 'statusId', 'userId']);
    expect(stores.get('outbox')).toEqual(['clientMutationId', 'status', 'collection', 'target', 'status', 'clientMutationId']);
    expect(stores.size).toBeGreaterThan(60);
  });

  it.each([...latestStores()].map(([table, fields]) => ({ table, fields })))('$table: every index field is clear and not personal', ({ table, fields }) => {
    const clear = REPLICA_CLEAR_FIELDS[table];
    expect(clear, `${table} has no clear-field list`).toBeDefined();
    for (const field of fields) {
      expect(clear, `${table}.${field} is indexed but sealed (add it to clear-fields.ts if it is not personal)`).toContain(field);
      expect(NON_PERSONAL_FIELDS.has(field), `${table}.${field} is not on the list of non-personal fields`).toBe(true);
    }
  });

  it('lists only non-personal fields, and no table the schema does not have', () => {
    for (const [table, clear] of Object.entries(REPLICA_CLEAR_FIELDS)) {
      expect(stores.has(table), table).toBe(true);
      for (const field of clear) expect(NON_PERSONAL_FIELDS.has(field), `${table}.${field}`).toBe(true);
    }
    for (const personal of ['name', 'nameLower', 'listName', 'nameSort', 'allName', 'firstname', 'lastname', 'email', 'bsn', 'phone', 'args', 'blob']) {
      expect(NON_PERSONAL_FIELDS.has(personal), personal).toBe(false);
    }
  });
});
