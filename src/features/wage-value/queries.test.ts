import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { withDerived } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { MeasurementDocument } from '../../domain/wage-value/measurement';
import { closeReplicaReader, replicaReader } from '../../lib/replica/replica-db';
import { filterMeasurements, STATUSES } from './measurement-list';
import { readMeasurementPage } from './queries';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DATES = ['2026-01-02T10:00:00.000Z', '2026-01-03T10:00:00.000Z', '2026-02-01T08:00:00.000Z', null];
let dbSeq = 0;

function measurement(i: number, rnd: () => number): ReplicaDocument {
  return {
    uuid: `m-${Math.floor(rnd() * 1e6).toString(36)}-${i}`,
    id: i + 1,
    revision: 1,
    participantId: 1 + Math.floor(rnd() * 4),
    status: STATUSES[Math.floor(rnd() * STATUSES.length)],
    type: rnd() < 0.5 ? 1 : 2,
    createdAt: DATES[Math.floor(rnd() * DATES.length)],
  };
}

afterEach(() => closeReplicaReader());

describe('the measurement search page read by index equals a full recount', () => {
  it.each([1, 2, 3])('after random operations, seed %i', async (seed) => {
    const rnd = random(seed);
    dbSeq++;
    const r = replicaReader({ companyId: 500 + dbSeq, userId: dbSeq });
    await r.docs('participants').bulkPut(
      Array.from({ length: 4 }, (_, i) => withDerived('participants', { uuid: `p-${i}`, id: i + 1, revision: 1, firstname: `Anna${i}`, lastname: 'Visser', display: 1 })),
    );
    const uuids: string[] = [];
    const put = async (doc: ReplicaDocument) => {
      await r.docs('wageValueMeasurements').put(withDerived('wageValueMeasurements', doc));
      if (!uuids.includes(doc.uuid)) uuids.push(doc.uuid);
    };
    for (let i = 0; i < 50; i++) await put(measurement(i, rnd));
    for (let step = 0; step < 30; step++) {
      const uuid = uuids[Math.floor(rnd() * uuids.length)];
      const doc = uuid ? await r.docs('wageValueMeasurements').get(uuid) : undefined;
      const roll = rnd();
      if (roll < 0.35) await put(measurement(100 + step, rnd));
      else if (doc && roll < 0.6) await put({ ...doc, status: STATUSES[Math.floor(rnd() * STATUSES.length)] });
      else if (doc && roll < 0.8) await put({ ...doc, createdAt: DATES[Math.floor(rnd() * DATES.length)] });
      else if (doc) await r.docs('wageValueMeasurements').delete(doc.uuid);
      if (step % 10 === 9) {
        const all = (await r.docs('wageValueMeasurements').toArray()) as unknown as MeasurementDocument[];
        const names = new Map([1, 2, 3, 4].map((id) => [id, `Anna${id - 1} Visser`]));
        for (const status of [undefined, ...STATUSES]) {
          for (const page of [1, 2, 3, 9]) {
            const got = await readMeasurementPage(r, { status, page });
            const expected = filterMeasurements(all, { status, page }, names);
            expect(got.total).toBe(expected.total);
            expect(got.page).toBe(expected.page);
            expect(got.pages).toBe(expected.pages);
            expect(got.rows.map((m) => m.uuid)).toEqual(expected.rows.map((m) => m.uuid));
            for (const m of got.rows) expect(got.names.get(m.participantId)).toBe(names.get(m.participantId));
          }
        }
      }
    }
  });
});
