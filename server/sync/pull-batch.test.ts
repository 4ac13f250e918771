import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer } from '../../src/domain/sync/types';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { serverCollection } from './registry';
import { pullCollection } from './pull';
import { pullEnv } from './pull-env';
import type { Db } from '../db/db';
import type { Viewer } from '../auth/viewer';

/**
 * Issue 9: the incremental pages of one request go to the database as one statement, and the
 * high-water mark (with the sync keys) is read by one statement shared by the requests that wait
 * for it. Both must answer exactly what the statements alone answer.
 */
let f: SyncFixture;
let viewer: Viewer;
beforeAll(async () => {
  f = await createSyncFixture();
  const admin = f.users[0]!;
  viewer = {
    userId: admin.id, companyId: f.companyId, projectId: null, roleId: 7, accessToAllParticipants: false,
    participantId: null, realUserId: admin.id, chain: [], sessionId: 'test',
  };
});
afterAll(async () => {
  await f.db.close();
});

const FIRST: Checkpoint = { seq: 0, scopeKey: null };

/** The database with every statement's text written down. */
function counting(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: { ...db, kind: db.kind, query: (text, params) => (statements.push(text), db.query(text, params)) },
  };
}

/** Every collection pulled to its end, each on its own (its own environment). */
async function pullEachAlone(from: Map<CollectionName, Checkpoint>): Promise<Map<CollectionName, PullAnswer>> {
  const out = new Map<CollectionName, PullAnswer>();
  for (const name of COLLECTION_NAMES) {
    out.set(name, await pullCollection(f.db, viewer, serverCollection(name), from.get(name) ?? FIRST, { limit: 10_000, build: 'sql' }, pullEnv(f.db, viewer)));
  }
  return out;
}

async function participant(lastname: string): Promise<string> {
  const { rows } = await f.db.query<{ uuid: string }>('INSERT INTO participants (company_id, firstname, lastname) VALUES ($1, $2, $3) RETURNING uuid', [
    f.companyId,
    'Piet',
    lastname,
  ]);
  return String(rows[0]!.uuid);
}

describe('pull statements of one request', () => {
  it('incremental pages of several collections run as one statement and answer what each answers alone', async () => {
    await participant('Eerst');
    const start = await pullEachAlone(new Map());
    const checkpoints = new Map(COLLECTION_NAMES.map((n) => [n, start.get(n)!.checkpoint] as const));
    // Changes in several collections: a new and a changed participant, a deleted one, a renamed user.
    const added = await participant('Nieuw');
    await f.db.query("UPDATE participants SET lastname = 'Gewijzigd' WHERE lastname = 'Eerst' AND company_id = $1", [f.companyId]);
    const gone = await participant('Weg');
    await f.db.query('UPDATE participants SET deleted_at = now() WHERE uuid = $1', [gone]);
    await f.db.query("UPDATE users SET surname = 'Anders' WHERE id = $1", [f.users[1]!.id]);

    const counted = counting(f.db);
    const pullTogether = () => {
      const env = pullEnv(counted.db, viewer);
      return Promise.all(
        COLLECTION_NAMES.map((name) => pullCollection(counted.db, viewer, serverCollection(name), checkpoints.get(name)!, { limit: 10_000, build: 'sql' }, env)),
      );
    };
    await pullTogether(); // the table columns are read once per database handle
    counted.statements.length = 0;
    const together = await pullTogether();
    const alone = await pullEachAlone(checkpoints);

    // Collections whose scope key needs a fingerprint (a statement of its own) reach their page
    // statement later; the others are ready together and share one statement.
    const ready = COLLECTION_NAMES.map(serverCollection).filter((c) => !c.dependsOnCaseload && c.scopeParents.length === 0);
    const shared = counted.statements.filter((s) => /FROM participants t\s/.test(s));
    expect(shared).toHaveLength(1);
    expect(shared[0]).toContain('UNION ALL');
    for (const c of ready) expect(shared[0], c.table).toMatch(new RegExp(`FROM ${c.table} t\\s`));
    expect(ready.length).toBeGreaterThan(3);
    COLLECTION_NAMES.forEach((name, i) => {
      expect(together[i]!.documents, name).toEqual(alone.get(name)!.documents);
      expect(together[i]!.checkpoint.seq, name).toBe(alone.get(name)!.checkpoint.seq);
      expect(together[i]!.hasMore, name).toBe(false);
    });
    const people = together[COLLECTION_NAMES.indexOf('participants')]!.documents;
    expect(people.map((d) => d.uuid)).toEqual(expect.arrayContaining([added, gone]));
    expect(people.find((d) => d.uuid === gone)).toMatchObject({ _deleted: true });
    expect(people.find((d) => d.uuid === added)).toMatchObject({ _deleted: false, lastname: 'Nieuw' });
    expect(people.some((d) => d.lastname === 'Gewijzigd')).toBe(true);
    expect(together[COLLECTION_NAMES.indexOf('users')]!.documents).toContainEqual(expect.objectContaining({ id: f.users[1]!.id, surname: 'Anders' }));
  });

  it('many pulls asking for the high-water mark at once all see the write committed before they asked', async () => {
    const participants = serverCollection('participants');
    const base = await pullCollection(f.db, viewer, participants, FIRST, { limit: 10_000, build: 'sql' }, pullEnv(f.db, viewer));
    for (let round = 0; round < 3; round++) {
      const uuid = await participant(`Gelijk${round}`);
      const counted = counting(f.db);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => pullCollection(counted.db, viewer, participants, base.checkpoint, { limit: 10_000, build: 'sql' }, pullEnv(counted.db, viewer))),
      );
      for (const answer of answers) {
        expect(answer.reset).toBe(false);
        expect(answer.documents.map((d) => d.uuid)).toContain(uuid);
      }
      // The keys came with the mark: no request read sync_keys on its own.
      expect(counted.statements.filter((s) => /^SELECT epoch, hmac_key/.test(s.trim()))).toHaveLength(0);
    }
  });
  it('a pull with nothing new since its checkpoint sends no page statement and answers the same checkpoint', async () => {
    const participants = serverCollection('participants');
    const done = await pullCollection(f.db, viewer, participants, FIRST, { limit: 10_000, build: 'sql' }, pullEnv(f.db, viewer));
    expect(done.hasMore).toBe(false);
    const counted = counting(f.db);
    const again = await pullCollection(counted.db, viewer, participants, done.checkpoint, { limit: 10_000, build: 'sql' }, pullEnv(counted.db, viewer));
    expect(again).toMatchObject({ documents: [], reset: false, hasMore: false });
    expect(again.checkpoint.seq).toBe(done.checkpoint.seq);
    // Only the high-water mark (with the keys) was read: the page's range was empty.
    expect(counted.statements.filter((s) => /FROM participants t\s/.test(s))).toHaveLength(0);
    expect(counted.statements).toHaveLength(1);

    // After a write, the same checkpoint reads its page again.
    const uuid = await participant('Daarna');
    const after = await pullCollection(counted.db, viewer, participants, again.checkpoint, { limit: 10_000, build: 'sql' }, pullEnv(counted.db, viewer));
    expect(after.documents.map((d) => d.uuid)).toEqual([uuid]);
  });
});
