/** Issue 19: every outbox row records its write's version; old rows are migrated after a deploy; too large is refused before queueing. */
import 'fake-indexeddb/auto';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { enqueue, InvalidWriteInput, listOutbox, migrateOutbox } from './outbox';
import { testReplica } from '../test-support';
import { defineWrite, WRITE_TOO_LARGE, type Write } from '../../src/domain/writes/define';
import { findWrite } from '../../src/domain/writes/registry';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';

const ids = createUuidV7();
const P1 = ids(1);

describe('versioned rows', () => {
  it('a queued row records the version of its write (1 when the write declares none)', async () => {
    const replica = testReplica();
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'x' });
    expect((await listOutbox(replica)).map((r) => r.version)).toEqual([1]);
  });

  it('after a deploy that changed the input, rows queued before it are migrated before they are sent', async () => {
    const replica = testReplica();
    // Queued by the previous version of the app: probes.save took `text` then, it takes `body` now.
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'in de wachtrij' });
    await replica.outbox.toCollection().modify((row) => {
      row.args = { uuid: P1, text: 'in de wachtrij' };
      delete row.version;
    });
    const current = findWrite('probes.save')!;
    const deployed: Write = defineWrite({
      ...current,
      version: 2,
      migrate: (from, args) => {
        if (from < 2) {
          const { text, ...rest } = args;
          return { ...rest, body: text };
        }
        return args;
      },
    });
    const migrated = await migrateOutbox(replica, (name) => (name === 'probes.save' ? deployed : findWrite(name)));
    expect(migrated).toBe(1);
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ version: 2, args: { uuid: P1, body: 'in de wachtrij' } });
    // The migrated args fit the current schema, as the server checks them.
    expect(v.safeParse(deployed.input, row!.args).success).toBe(true);
    // Nothing to do a second time.
    expect(await migrateOutbox(replica, (name) => (name === 'probes.save' ? deployed : findWrite(name)))).toBe(0);
  });

  it('a write too large for one request to the server is refused before queueing, with a reason, never lost', async () => {
    const replica = testReplica();
    // A salary scale pasted with a whole document in it: the schema allows it, the server's 1 MB body limit does not.
    const input = {
      uuid: ids(2), participantId: 1, type: 1, step: 4,
      normFunction: { normFunction: 'Schoonmaker', salaryScale: 'x'.repeat(1_100_000) },
    };
    const error = await enqueue(replica, 'wageValue.saveMeasurement', input, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidWriteInput);
    expect((error as InvalidWriteInput).issues).toEqual([{ path: 'normFunction', message: WRITE_TOO_LARGE }]);
    expect(await listOutbox(replica)).toEqual([]);
    // Just under the limit is queued as usual.
    await enqueue(replica, 'wageValue.saveMeasurement', { ...input, normFunction: { normFunction: 'Schoonmaker', salaryScale: 'x'.repeat(900_000) } }, {});
    expect(await listOutbox(replica)).toHaveLength(1);
  });
});
