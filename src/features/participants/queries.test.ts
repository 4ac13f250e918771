import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { withDerived } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import { closeReplicaReader, replicaReader, type ReplicaReader } from '../../lib/replica/replica-db';
import { countParticipants, NO_FILTERS, readParticipantRows, readParticipantsPage } from './queries';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const LAST = ['Jansen', 'de Vries', 'Bakker', 'Visser', 'Öztürk', 'jansen'];
const FIRST = ['Piet', 'Anna', 'Mo', 'Eva'];
let dbSeq = 0;

function participant(i: number, rnd: () => number): ReplicaDocument {
  return {
    uuid: `p-${Math.floor(rnd() * 1e6).toString(36)}-${i}`,
    id: i + 1,
    revision: 1,
    firstname: FIRST[Math.floor(rnd() * FIRST.length)],
    lastname: LAST[Math.floor(rnd() * LAST.length)],
    display: [0, 1, 1, 1, 2][Math.floor(rnd() * 5)],
    coachId: rnd() < 0.7 ? 10 : null,
    statusId: 1,
  };
}

/** The reference: every participant read, filtered and ordered by name (then uuid) in memory. */
async function reference(r: ReplicaReader, search: string, offset: number, limit: number) {
  const all = (await r.docs('participants').toArray())
    .filter((d) => d.display !== 0 && d.display !== 2 && String(d.nameLower).startsWith(search))
    .sort((a, b) => (String(a.nameLower) < String(b.nameLower) ? -1 : String(a.nameLower) > String(b.nameLower) ? 1 : a.uuid < b.uuid ? -1 : 1));
  return { total: all.length, uuids: all.slice(offset, offset + limit).map((d) => d.uuid) };
}

afterEach(() => closeReplicaReader());

describe('the participants list read from the sorted list in memory equals a full recount', () => {
  it.each([1, 2, 3])('after random operations, seed %i', async (seed) => {
    const rnd = random(seed);
    dbSeq++;
    const r = replicaReader({ companyId: 600 + dbSeq, userId: dbSeq });
    await r.docs('users').put(withDerived('users', { uuid: 'u-10', id: 10, revision: 1, givenName: 'Sanne', surname: 'Bakker' }));
    const uuids: string[] = [];
    const put = async (doc: ReplicaDocument) => {
      await r.docs('participants').put(withDerived('participants', doc));
      if (!uuids.includes(doc.uuid)) uuids.push(doc.uuid);
    };
    for (let i = 0; i < 80; i++) await put(participant(i, rnd));
    for (let step = 0; step < 40; step++) {
      const uuid = uuids[Math.floor(rnd() * uuids.length)];
      const doc = uuid ? await r.docs('participants').get(uuid) : undefined;
      const roll = rnd();
      if (roll < 0.3) await put(participant(200 + step, rnd));
      else if (doc && roll < 0.55) await put({ ...doc, display: [0, 1, 2][Math.floor(rnd() * 3)] });
      else if (doc && roll < 0.75) await put({ ...doc, lastname: LAST[Math.floor(rnd() * LAST.length)] });
      else if (doc) await r.docs('participants').delete(doc.uuid);
      if (step % 10 === 9) {
        for (const search of ['', 'j', 'de v', 'öz', 'x']) {
          for (const [offset, limit] of [[0, 100], [0, 7], [7, 7], [70, 20]] as const) {
            const got = await readParticipantsPage(r, { ...NO_FILTERS, search }, offset, limit);
            const expected = await reference(r, search, offset, limit);
            expect(got.total).toBe(expected.total);
            expect(got.rows.map((row) => row.uuid)).toEqual(expected.uuids);
            if (offset === 7) {
              // The screen's reads: the rows come with their total (one sorted list in memory answers both), and the count.
              const rows = await readParticipantRows(r, { ...NO_FILTERS, search }, offset, limit);
              expect(rows.total).toBe(expected.total);
              expect(rows.rows.map((row) => row.uuid)).toEqual(expected.uuids);
              expect(await countParticipants(r, { ...NO_FILTERS, search })).toBe(expected.total);
            }
          }
        }
        const first = await readParticipantsPage(r, NO_FILTERS, 0, 100);
        const withCoach = first.rows.find((row) => row.coachName !== null && row.coachName !== undefined);
        expect(withCoach?.coachName).toBe('Sanne Bakker');
      }
    }
  });
});
