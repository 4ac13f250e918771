import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { planNameSort, withDerived } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import { WorkPlanFilter, workPlanFilterStatuses } from '../../domain/work-plan/constants';
import { filterName, type SortDirection } from '../../domain/work-plan/views';
import { closeReplicaReader, replicaReader, type ReplicaReader } from '../../lib/replica/replica-db';
import { planListPageOf, planRows, type PlanRow } from './queries';

/** A small deterministic generator, so a failing seed can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NAMES = ['Werkplan', 'werkplan', 'Écht plan', 'echt plan', 'Zorg', 'alpha', 'Beta 2', 'beta 10', ''];
const STATUSES = ['to_start', 'running', 'finished', '', 'unknown'];
let dbSeq = 0;

function plan(i: number, rnd: () => number): ReplicaDocument {
  return {
    uuid: `w-${Math.floor(rnd() * 1e6).toString(36)}-${i}`,
    id: i + 1,
    revision: 1,
    name: NAMES[Math.floor(rnd() * NAMES.length)] ?? '',
    status: STATUSES[Math.floor(rnd() * STATUSES.length)] ?? '',
    participantId: 1 + Math.floor(rnd() * 6),
    coachId: rnd() < 0.8 ? 10 + Math.floor(rnd() * 3) : null,
    startDate: '2026-01-01',
  };
}

/** The reference: every plan read and joined (planRows), filtered and sorted in memory. */
function referencePage(rows: readonly PlanRow[], filter: number, dir: SortDirection, page: number, perPage: number) {
  const statuses: readonly string[] = workPlanFilterStatuses[filterName(filter)];
  const sign = dir === 'asc' ? 1 : -1;
  const all = rows
    .filter((p) => statuses.includes(p.status))
    .sort((a, b) => {
      const x = planNameSort(a.name);
      const y = planNameSort(b.name);
      return sign * (x < y ? -1 : x > y ? 1 : a.uuid < b.uuid ? -1 : 1);
    });
  const size = perPage === 0 ? Math.max(1, all.length) : perPage;
  const pageCount = perPage === 0 ? 1 : Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { totalItems: all.length, page: current, pageCount, records: all.slice((current - 1) * size, current * size) };
}

afterEach(() => closeReplicaReader());

describe('the work-plan list page read by index equals a full recount', () => {
  it.each([1, 2, 3, 4])('after random operations, seed %i', async (seed) => {
    const rnd = random(seed);
    dbSeq++;
    const r: ReplicaReader = replicaReader({ companyId: 700 + dbSeq, userId: dbSeq });
    await r.docs('participants').bulkPut(
      Array.from({ length: 6 }, (_, i) => withDerived('participants', { uuid: `p-${i}`, id: i + 1, revision: 1, firstname: `Piet${i}`, lastname: 'Jansen', display: 1 })),
    );
    await r.docs('users').bulkPut(Array.from({ length: 3 }, (_, i) => withDerived('users', { uuid: `u-${i}`, id: 10 + i, revision: 1, givenName: `Coach${i}`, surname: 'Bakker' })));
    const uuids: string[] = [];
    const put = async (doc: ReplicaDocument) => {
      await r.docs('workPlans').put(withDerived('workPlans', doc));
      if (!uuids.includes(doc.uuid)) uuids.push(doc.uuid);
    };
    for (let i = 0; i < 70; i++) await put(plan(i, rnd));
    for (let step = 0; step < 40; step++) {
      const uuid = uuids[Math.floor(rnd() * uuids.length)];
      const doc = uuid ? await r.docs('workPlans').get(uuid) : undefined;
      const roll = rnd();
      if (roll < 0.3) await put(plan(100 + step, rnd));
      else if (doc && roll < 0.5) await put({ ...doc, name: NAMES[Math.floor(rnd() * NAMES.length)] });
      else if (doc && roll < 0.7) await put({ ...doc, status: STATUSES[Math.floor(rnd() * STATUSES.length)] });
      else if (doc && roll < 0.85) await r.docs('workPlans').delete(doc.uuid);
      else if (doc) await put({ ...doc, participantId: 1 + Math.floor(rnd() * 6), coachId: null });
      if (step % 10 === 9) {
        const rows = await planRows(r);
        for (const filter of Object.values(WorkPlanFilter)) {
          for (const dir of ['asc', 'desc'] as const) {
            for (const [page, perPage] of [[1, 15], [2, 15], [3, 7], [40, 15], [0, 15], [1, 0]] as const) {
              const got = await planListPageOf(r, { filter, search: '', sort: 'name', dir, page, perPage });
              expect(got).toEqual(referencePage(rows, filter, dir, page, perPage));
            }
          }
        }
      }
    }
  });
});
