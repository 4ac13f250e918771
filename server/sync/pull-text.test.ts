import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { serverCollection } from './registry';
import { loadSyncKeys } from './checkpoint';
import { pullCollection } from './pull';
import { pullEnv } from './pull-env';
import { documentSql, tableColumns } from './document';
import { raw, run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';

/**
 * Issue 25: the graph answer carries each document's JSON text as the database built it (PostgreSQL),
 * unparsed (on PGlite the documents stay objects, written by the answer's one JSON.stringify); a client
 * parsing the answer gets the objects pullCollection answers.
 */
let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const admin = () => f.users[0]!;
const viewer = (): Viewer => ({
  userId: admin().id, companyId: f.companyId, projectId: null, roleId: 7, accessToAllParticipants: false,
  participantId: null, realUserId: admin().id, chain: [], sessionId: 'test',
});
const FIRST: Checkpoint = { seq: 0, scopeKey: null };
/** Text a JSON-escaping mistake would break: quotes, backslashes, control characters, line separators, astral unicode. */
const TRICKY = 'Zoë "citaat" \\ back\\slash\n\tregel\u2028\u2029 😀 </script> \u0001 {"niet":"json"}';

/** The pull as a client sends it, answering the body's text (compressed with `encoding` when given). */
async function pullText(name: CollectionName, cp: Checkpoint, encoding?: string): Promise<{ text: string; answer: PullAnswer }> {
  const field = pullFieldName(name);
  const res = await f.app.request('/api/v2/graph', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin().token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    body: JSON.stringify({ query: `query($cp: PullCheckpointInput!) { ${field}(checkpoint: $cp, limit: 1000) { documents checkpoint { seq scopeKey } reset hasMore } }`, variables: { cp } }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-encoding')).toBe(encoding ?? null);
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = (encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  const body = JSON.parse(text) as { data: Record<string, PullAnswer>; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { text, answer: body.data[field]! };
}

/** Each document's JSON text as the server should write it: PostgreSQL's own text, or JSON.stringify of the document once. */
async function expectedTexts(name: CollectionName, documents: ReplicaDocument[]): Promise<string[]> {
  const collection = serverCollection(name);
  const columns = await tableColumns(f.db, collection.table);
  const texts: string[] = [];
  for (const doc of documents) {
    if (doc._deleted || f.db.kind !== 'postgres') {
      texts.push(JSON.stringify(doc));
      continue;
    }
    const { rows } = await run<{ doc: string }>(
      f.db,
      sql`SELECT ${documentSql(collection.table, columns, collection.omit, viewer(), 't')} AS doc FROM ${raw(collection.table)} t WHERE t.uuid = ${doc.uuid}`,
    );
    texts.push(rows[0]!.doc);
  }
  return texts;
}

/** The same page by pullCollection (objects), as the resolver builds it on this database. */
async function objectsOf(name: CollectionName, cp: Checkpoint): Promise<ReplicaDocument[]> {
  const keys = await loadSyncKeys(f.db, f.companyId);
  const page = await pullCollection(f.db, viewer(), serverCollection(name), cp, { limit: 1000, build: f.db.kind === 'postgres' ? 'sql' : 'js' }, pullEnv(f.db, viewer(), keys));
  return page.documents;
}

describe('pull answers carry the documents\' JSON text', () => {
  it('as built, with unicode, quotes, nested JSON and tombstones, and parsed it equals pullCollection\'s documents', async () => {
    const probe = async (body: string, title: string) =>
      (await f.db.query<{ uuid: string }>('INSERT INTO sync_probes (uuid, company_id, user_id, body, title) VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING uuid', [f.companyId, admin().id, body, title])).rows[0]!.uuid;
    const kept = await probe(TRICKY, 'één');
    const gone = await probe('weg', TRICKY);
    await probe('', '');
    await probe('lang '.repeat(400), 'groot genoeg om gecomprimeerd te worden');
    const dashboard = Number((await f.db.query<{ id: number }>("INSERT INTO dashboards (company_id, name, visible_role_ids) VALUES ($1, 'Overzicht', '{}') RETURNING id", [f.companyId])).rows[0]!.id);
    const graph = { subject: TRICKY, datasets: [{ operation: 'count', filters: [{ v: ['é', 1.5, null, true, { diep: { dieper: [] } }] }] }], axes: null, n: 12345678901 };
    await f.db.query("INSERT INTO widgets (company_id, dashboard_id, name, type, graph) VALUES ($1, $2, $3, 'bar', $4::jsonb)", [f.companyId, dashboard, TRICKY, JSON.stringify(graph)]);

    for (const name of ['syncProbes', 'widgets'] as const) {
      const { text, answer } = await pullText(name, FIRST);
      expect(answer.documents.length, name).toBeGreaterThan(0);
      expect(answer.documents, name).toEqual(await objectsOf(name, FIRST));
      expect(text, name).toContain(`"documents":[${(await expectedTexts(name, answer.documents)).join(',')}]`);
      if (name === 'widgets') expect(answer.documents[0]!.graph).toEqual(graph);
    }

    const first = await pullText('syncProbes', FIRST);
    expect(first.answer.documents.find((d) => d.uuid === kept)?.body).toBe(TRICKY);
    await f.db.query("UPDATE sync_probes SET body = body || ' \"meer\"' WHERE uuid = $1", [kept]);
    await f.db.query('UPDATE sync_probes SET deleted_at = now() WHERE uuid = $1', [gone]);
    const next = await pullText('syncProbes', first.answer.checkpoint);
    expect(next.answer.documents.map((d) => [d.uuid, d._deleted])).toEqual([[kept, false], [gone, true]]);
    expect(next.answer.documents[1]).toEqual({ uuid: gone, id: expect.any(Number) as number, revision: expect.any(Number) as number, _deleted: true });
    expect(next.answer.documents).toEqual(await objectsOf('syncProbes', first.answer.checkpoint));
    expect(next.text).toContain(`"documents":[${(await expectedTexts('syncProbes', next.answer.documents)).join(',')}]`);

    // Compressed as it streams (a page over 1 KB): the same text.
    const plain = await pullText('syncProbes', FIRST);
    const zipped = await pullText('syncProbes', FIRST, 'gzip');
    expect(zipped.answer.documents).toEqual(plain.answer.documents);
    expect(zipped.text.slice(0, zipped.text.indexOf('"checkpoint"'))).toBe(plain.text.slice(0, plain.text.indexOf('"checkpoint"')));
  });

  it('answers an empty page as an empty list', async () => {
    const { answer } = await pullText('syncProbes', FIRST);
    const { text, answer: after } = await pullText('syncProbes', answer.checkpoint);
    expect(after.documents).toEqual([]);
    expect(text).toContain('"documents":[]');
  });
});
