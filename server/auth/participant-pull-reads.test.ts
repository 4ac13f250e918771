import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/db';
import { RawJsonItems } from '../graph/raw-json';
import type { Viewer } from './viewer';
import { notePulledParticipants } from './participant-pull-reads';
import { flushParticipantReads } from './participant-reads';

/** The ids a pull page notes, as the one INSERT receives them (issue 38): text built by PostgreSQL or by JavaScript, objects. The parameters: company, ids, user ids, one list per child reference, then the ids audited elsewhere and the five of the row. */
const viewer: Viewer = { userId: 9, companyId: 1, projectId: null, roleId: 3, accessToAllParticipants: true, participantId: null, realUserId: 9, chain: [], sessionId: 's' };

async function noted(name: Parameters<typeof notePulledParticipants>[1], documents: unknown[], liveIds: number[]): Promise<{ ids: unknown; refs: unknown[]; statements: number }> {
  const request = new Request('http://werkpad.test/api/v2/graph');
  notePulledParticipants({ request, viewer, ip: '10.0.0.1' }, name, { documents, liveIds });
  const calls: unknown[][] = [];
  const db = { query: (_text: string, params: unknown[]) => { calls.push(params); return Promise.resolve({ rows: [] }); } } as unknown as Queryable;
  await flushParticipantReads(db, request);
  return { ids: calls[0]?.[1], refs: (calls[0] ?? []).slice(3, -6), statements: calls.length };
}

describe('a pull page names its participants', () => {
  it('reads the participant keys of JSON text as PostgreSQL writes it ("key" : value) and as JavaScript does', async () => {
    const pg = '{"uuid" : "a", "id" : 1, "participantId" : 17, "revision" : 1}';
    const js = '{"uuid":"b","id":2,"senderParticipantId":18,"recipientParticipantId":19}';
    const r = await noted('messages', [new RawJsonItems([pg, js, '{"uuid":"c","id":3,"revision":2,"_deleted":true}'])], [1, 2]);
    expect(r.statements).toBe(1);
    expect(r.ids).toEqual([17, 18, 19]);
  });

  it('reads objects (documents built in JavaScript), not tombstones', async () => {
    const r = await noted('cases', [{ id: 1, participantId: 5 }, { id: 2, participantId: 6, _deleted: true }], [1]);
    expect(r.ids).toEqual([5]);
  });

  it('a child row names its parent, resolved in the same statement', async () => {
    const r = await noted('wageValueTasks', [new RawJsonItems(['{"id" : 4, "measurementId" : 31}'])], [4]);
    expect(r.ids).toEqual([]);
    expect(r.refs).toEqual([['31']]);
  });

  it('a collection without participant data, or a page without live documents, writes nothing', async () => {
    expect((await noted('projects', [{ id: 1, participantId: 5 }], [1])).statements).toBe(0);
    expect((await noted('cases', [new RawJsonItems(['{"uuid":"c","id":3,"revision":2,"_deleted":true}'])], [])).statements).toBe(0);
  });
});
