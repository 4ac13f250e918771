import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { identityStore } from './identity-store';
import { draftsDatabaseName, identityDatabaseNames } from './identity-databases';
import { forgetDataKey, setDataKey } from './data-keys';
import { ReplicaLockedError } from './seal';

const spec = (legacyName: string) => ({
  name: draftsDatabaseName,
  stores: { drafts: 'key, savedAt' },
  clear: { drafts: ['key', 'savedAt'] },
  legacy: { name: legacyName, rowsOf: () => [{ table: 'drafts', mine: (key: string) => key.startsWith('5:') }] },
});

describe('an identity database (drafts, figures)', () => {
  it("is one per identity, sealed; the shared clear database gives this identity's rows and is deleted", async () => {
    const identity = `werkpad-1-5-${Math.random().toString(36).slice(2)}`;
    const legacyName = `legacy-drafts-${Math.random().toString(36).slice(2)}`;
    const legacy = new Dexie(legacyName);
    legacy.version(1).stores({ drafts: 'key, savedAt' });
    await legacy.table('drafts').bulkPut([
      { key: '5:a', top: 'Wilhelmina werkt nauwkeurig', savedAt: 1 },
      { key: '6:b', top: 'iemand anders', savedAt: 2 },
    ]);
    legacy.close();
    setDataKey(identity, crypto.getRandomValues(new Uint8Array(32)));

    const db = await identityStore(spec(legacyName))(identity);
    expect(identityDatabaseNames(identity)).toContain(db.name);
    expect(await db.table('drafts').toArray()).toEqual([{ key: '5:a', top: 'Wilhelmina werkt nauwkeurig', savedAt: 1 }]);
    expect(await Dexie.exists(legacyName)).toBe(false);

    const raw = new Dexie(db.name);
    await raw.open();
    const [stored] = (await raw.table('drafts').toArray()) as Record<string, unknown>[];
    expect(Object.keys(stored!).sort()).toEqual(['$sealed', 'key', 'savedAt']);
    expect(Buffer.from(stored!.$sealed as Uint8Array).toString('latin1')).not.toContain('Wilhelmina');
    raw.close();

    forgetDataKey(identity);
    await expect(db.table('drafts').get('5:a')).rejects.toBeInstanceOf(ReplicaLockedError);
    await expect(db.table('drafts').put({ key: '5:c', top: 'x', savedAt: 3 })).rejects.toBeInstanceOf(ReplicaLockedError);
    db.close();
  });
});
