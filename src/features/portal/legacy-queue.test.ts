import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Dexie } from 'dexie';
import { legacyQueueName, legacyToWrite, migrateLegacyQueueWith, type LockManagerLike } from './legacy-queue';
import type { LegacyImportOutcome, LegacyWriteImport } from '../../../workers/outbox/legacy-import';
import { createUuidV7 } from '../../domain/sync/uuid-v7';
import { findWrite } from '../../domain/writes/registry';

/** The former portal queue's rows become declared writes whose input fits the write's schema. */
describe('legacyToWrite', () => {
  const uuid = '018f3a2e-7b1c-7d4e-9f00-0a1b2c3d4e5f';
  const rows = [
    { id: '1', op: 'setSettings', variables: { page: 'home', widgets: ['my-tasks', 'my-profile'] } },
    { id: '2', op: 'setUserSettings', variables: { input: { theme: 'dark', notificationSetting: 'none' } } },
    { id: '3', op: 'setCommunicationPreferences', variables: { input: { preferredChannel: 'email', channels: ['email'], contactTimes: ['morning'], notes: '' } } },
    { id: '4', op: 'participantAddDocument', variables: { input: { uuid, name: 'cv.pdf' } }, file: new Blob(['%PDF']) },
    { id: '5', op: 'setUserPicture', variables: { input: { uuid, kind: 'profile' } }, file: new Blob(['png']) },
  ];

  it('maps every former operation to its declared write, with input its schema accepts', () => {
    const mapped = rows.map(legacyToWrite);
    expect(mapped.map((m) => m?.name)).toEqual(['portal.setWidgetOrder', 'portal.setDisplaySettings', 'portal.setCommunicationPreferences', 'portal.addDocument', 'portal.setPicture']);
    for (const m of mapped) expect(v.safeParse(findWrite(m!.name)!.input, m!.input).success).toBe(true);
  });

  it('an upload without its bytes, or an unknown operation, cannot be sent', () => {
    expect(legacyToWrite({ id: '6', op: 'participantAddDocument', variables: { input: { uuid, name: 'cv.pdf' } } })).toBeNull();
    expect(legacyToWrite({ id: '7', op: 'dropEverything', variables: {} })).toBeNull();
  });
});

describe('migrateLegacyQueue (issue 37): under a lock, each row once, a refused one handed back', () => {
  const session = { companyId: 4, userId: 99, participantId: 12 };
  const next = createUuidV7();
  const legacyIds = [next(1), next(2), next(3)];
  const legacyRows = [
    { id: legacyIds[0], op: 'setSettings', variables: { page: 'home', widgets: ['my-tasks', 'my-profile'] }, state: 'pending' },
    { id: legacyIds[1], op: 'participantAddDocument', variables: { input: { uuid: legacyIds[1], name: 'cv.pdf' } }, state: 'pending' },
    { id: legacyIds[2], op: 'setCommunicationPreferences', variables: { input: { preferredChannel: 'email', channels: ['email'], contactTimes: ['morning'], notes: '' } }, state: 'pending' },
  ];

  async function seedLegacy() {
    const db = new Dexie(legacyQueueName(session));
    db.version(1).stores({ writes: 'id, op, state' });
    await db.table('writes').bulkAdd(legacyRows);
    db.close();
  }

  /** Web Locks as the browser grants them: one holder per name, the others wait their turn. */
  function mutex(): LockManagerLike & { most: number } {
    const tails = new Map<string, Promise<unknown>>();
    let held = 0;
    const m = {
      most: 0,
      request<T>(name: string, callback: () => Promise<T>): Promise<T> {
        const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
          m.most = Math.max(m.most, ++held);
          try {
            return await callback();
          } finally {
            held--;
          }
        });
        tails.set(name, run.catch(() => undefined));
        return run;
      },
    };
    return m;
  }

  /** The worker's outbox.importLegacy as seen from the page (workers/outbox/legacy-import.test.ts tests the real one). */
  function outbox(answer: (w: LegacyWriteImport) => LegacyImportOutcome) {
    const calls: LegacyWriteImport[] = [];
    const importWrite = (w: LegacyWriteImport) => {
      calls.push(w);
      return Promise.resolve(answer(w));
    };
    return { calls, importWrite };
  }

  it('two tabs migrating at once hand each row over once, in order, under its own id; the old queue goes', async () => {
    await seedLegacy();
    const locks = mutex();
    const { calls, importWrite } = outbox((w) => (w.name ? { kind: 'queued', clientMutationId: w.id } : { kind: 'refused', clientMutationId: w.id, reason: 'legacy_unsendable' }));
    await Promise.all([migrateLegacyQueueWith(session, { locks, importWrite }), migrateLegacyQueueWith(session, { locks, importWrite })]);
    expect(locks.most).toBe(1);
    expect(calls.map((c) => [c.id, c.name])).toEqual([
      [legacyIds[0], 'portal.setWidgetOrder'],
      // An upload whose bytes are gone is handed over too: the worker keeps it as refused, with its input.
      [legacyIds[1], null],
      [legacyIds[2], 'portal.setCommunicationPreferences'],
    ]);
    expect(calls[1]).toMatchObject({ op: 'participantAddDocument', input: { name: 'cv.pdf' } });
    expect(await Dexie.exists(legacyQueueName(session))).toBe(false);
  });

  it('a device without room for an upload keeps the old queue from that row on, for the next start', async () => {
    await seedLegacy();
    const { calls, importWrite } = outbox((w) => (w.id === legacyIds[1] ? { kind: 'deviceFull', reason: 'portal.errors.deviceFull' } : { kind: 'queued', clientMutationId: w.id }));
    await migrateLegacyQueueWith(session, { locks: null, importWrite });
    expect(calls).toHaveLength(2);
    const db = new Dexie(legacyQueueName(session));
    db.version(1).stores({ writes: 'id, op, state' });
    expect((await db.table('writes').toArray()).map((w: { id: string }) => w.id)).toEqual(legacyIds.slice(1));
    db.close();
    await Dexie.delete(legacyQueueName(session));
  });
});
