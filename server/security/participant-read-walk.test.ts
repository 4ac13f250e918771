import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../messages/files';
import type { GraphQLNamedType, GraphQLObjectType, GraphQLOutputType } from 'graphql';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { schema } from '../graph/schema';
import { COLLECTION_NAMES, COLLECTIONS, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { PARTICIPANT_TYPES, PULL_RULES, QUERY_RULES, REST_RULES } from '../auth/participant-data';

/**
 * Issue 38, finding 3: every pull collection, root query field and REST route is classified (participant
 * data or not, with a reason) and each that carries participant data, called by a coach, writes an audit row
 * naming the participants. A new collection, field or route fails here until it is classified.
 */
let t: DemoApp;
const reportKey = randomUUID();
const reportFile = path.join(filesDir(path.resolve('data')), reportKey);
const documentKey = randomUUID();
const documentFile = path.join(filesDir(path.resolve('data')), documentKey);
const attachmentKey = randomUUID();
const attachmentFile = path.join(filesDir(path.resolve('data')), attachmentKey);
beforeAll(async () => {
  t = await createDemoApp();
  // The demo has no workplace application, participant document, knowledge test or task to review: one of each, so their reads are walked too.
  const p = (await t.db.query<{ id: string; user_id: string | null }>('SELECT id, user_id FROM participants WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1')).rows[0]!;
  const w = (await t.db.query<{ id: string }>('SELECT id FROM workplaces WHERE company_id = 1 ORDER BY id LIMIT 1')).rows[0]!;
  await t.db.query("INSERT INTO workplace_applications (company_id, participant_id, workplace_id, motivation) VALUES (1, $1, $2, 'Ik wil graag in de keuken werken.')", [p.id, w.id]);
  await t.db.query(
    "INSERT INTO files (company_id, kind, name, mime, size, storage_key, user_id, participant_id) VALUES (1, 5, 'cv.pdf', 'application/pdf', 13, $3, $1, $2)",
    [await t.userId(COACH), p.id, documentKey],
  );
  const test = (await t.db.query<{ id: string }>("INSERT INTO knowledge_tests (company_id, name) VALUES (1, 'Veilig werken') RETURNING id")).rows[0]!;
  await t.db.query('INSERT INTO participant_tests (company_id, participant_id, test_id) VALUES (1, $1, $2)', [p.id, test.id]);
  // A definitive measurement's stored report (file kind 18), as the definitive save leaves it.
  const m = (await t.db.query<{ id: string }>("SELECT id FROM wage_value_measurements WHERE company_id = 1 AND deleted_at IS NULL AND status = 'definitive' ORDER BY id LIMIT 1")).rows[0]!;
  await mkdir(filesDir(path.resolve('data')), { recursive: true });
  await writeFile(reportFile, '%PDF-1.4 walk');
  await writeFile(documentFile, '%PDF-1.4 walk');
  await writeFile(attachmentFile, '%PDF-1.4 walk');
  await t.db.query("INSERT INTO files (company_id, kind, name, mime, size, storage_key, measurement_id) VALUES (1, 18, 'rapport.pdf', 'application/pdf', 13, $1, $2)", [reportKey, m.id]);
  // A staff member's tasks are assignments awaiting their review.
  await t.db.query('UPDATE assignments SET review_requested_at = now() WHERE id = (SELECT id FROM assignments WHERE company_id = 1 AND status IN (0, 1) AND deleted_at IS NULL ORDER BY id LIMIT 1)');
}, 900_000);
afterAll(async () => {
  await rm(reportFile, { force: true });
  await rm(documentFile, { force: true });
  await rm(attachmentFile, { force: true });
  await t.db.close();
});

const COACH = 'expert'; // a coach (role 3) whose caseload is every participant, so every collection has rows to read
interface AuditRow { action: string; subject_id: string | null; details: { participantIds?: number[]; participantId?: number; via?: string[] } }
const lastId = async () => Number((await t.db.query<{ id: string }>('SELECT coalesce(max(id), 0) AS id FROM audit_log')).rows[0]?.id ?? 0);
const rowsAfter = async (id: number) => (await t.db.query<AuditRow>('SELECT action, subject_id, details FROM audit_log WHERE id > $1 ORDER BY id', [id])).rows;
const named = (rows: AuditRow[]): number[] => rows.flatMap((r) => [...(r.details.participantIds ?? []), ...(r.details.participantId ? [r.details.participantId] : [])]);
const one = async <T>(q: string, params: unknown[] = []): Promise<T> => {
  const { rows } = await t.db.query<Record<string, unknown>>(q, params);
  if (!rows[0]) throw new Error(`the demo has no row for: ${q}`);
  return Object.values(rows[0])[0] as T;
};
const participantsOfCompany1 = async () => new Set((await t.db.query<{ id: string }>('SELECT id FROM participants WHERE company_id = 1')).rows.map((r) => Number(r.id)));

/** Participant-data columns: a table with one of them carries participant data. */
const PARTICIPANT_COLUMNS = ['participant_id', 'sender_participant_id', 'recipient_participant_id'];

describe('every read is classified', () => {
  it('every pull collection with a participant column is classified as carrying participant data', async () => {
    const { rows } = await t.db.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = ANY($1::text[])`,
      [PARTICIPANT_COLUMNS],
    );
    const withColumn = new Set(rows.map((r) => r.table_name));
    const wrong = COLLECTION_NAMES.filter((n) => withColumn.has(COLLECTIONS[n].table) && PULL_RULES[n].carries === false);
    expect(wrong).toEqual([]);
    expect(Object.keys(PULL_RULES).sort()).toEqual([...COLLECTION_NAMES].sort());
  });

  it('every root query field is classified, and every field that reaches a participant type says so', () => {
    const fields = Object.values(schema.getQueryType()!.getFields()).filter((f) => !f.name.startsWith('pull'));
    expect(fields.length).toBeGreaterThan(40);
    const unclassified = fields.filter((f) => !Object.hasOwn(QUERY_RULES, f.name)).map((f) => f.name);
    expect(unclassified, 'classify these in server/auth/participant-data.ts QUERY_RULES').toEqual([]);
    expect(Object.keys(QUERY_RULES).filter((k) => !fields.some((f) => f.name === k)), 'rules for fields that no longer exist').toEqual([]);
    // Unwrapped by hand: the schema may come from another copy of graphql than this file's import.
    const unwrap = (type: GraphQLOutputType): GraphQLNamedType => ('ofType' in type ? unwrap(type.ofType as GraphQLOutputType) : type);
    const reaches = (type: GraphQLNamedType, seen = new Set<string>()): boolean => {
      if (Object.hasOwn(PARTICIPANT_TYPES, type.name)) return true;
      if (seen.has(type.name) || !('getFields' in type) || type.constructor.name !== 'GraphQLObjectType') return false;
      seen.add(type.name);
      return Object.values((type as GraphQLObjectType).getFields()).some((f) => reaches(unwrap(f.type), seen));
    };
    const silent = fields.filter((f) => QUERY_RULES[f.name]?.carries === false && reaches(unwrap(f.type))).map((f) => f.name);
    expect(silent, 'these reach a participant type but are classified as carrying none').toEqual(['me']);
  });

  it('every REST route the app mounts is classified', () => {
    const routes = new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path.replace(/\{[^}]*\}/g, '')}`));
    expect(routes.size).toBeGreaterThan(50);
    expect([...routes].filter((r) => !Object.hasOwn(REST_RULES, r)), 'classify these in server/auth/participant-data.ts REST_RULES').toEqual([]);
    expect(Object.keys(REST_RULES).filter((r) => !routes.has(r)), 'rules for routes that no longer exist').toEqual([]);
  });
});

/** Demo collections without rows a coach can pull (nothing to read there, so nothing to log). */
const EMPTY_IN_DEMO: readonly CollectionName[] = [];

describe('every pull collection that carries participant data writes a row naming them', () => {
  it('pulls each as a coach', async () => {
    const company = await participantsOfCompany1();
    const carrying = COLLECTION_NAMES.filter((n) => PULL_RULES[n].carries !== false);
    expect(carrying.length).toBeGreaterThan(20);
    const empty: CollectionName[] = [];
    for (const name of carrying) {
      const before = await lastId();
      const res = await t.gql<Record<string, { documents: unknown[] }>>(COACH, `{ ${pullFieldName(name)}(checkpoint: { seq: 0, scopeKey: null }, limit: 50) { documents } }`);
      expect(res.errors, name).toBeUndefined();
      if ((res.data?.[pullFieldName(name)]?.documents.length ?? 0) === 0) {
        empty.push(name);
        continue;
      }
      const rows = (await rowsAfter(before)).filter((r) => r.action === 'participant.list_read' && r.details.via?.includes(pullFieldName(name)));
      expect(rows.length, `${name}: one row per request`).toBe(1);
      const ids = named(rows);
      expect(ids.length, `${name}: names participants`).toBeGreaterThan(0);
      expect(ids.every((id) => company.has(id)), `${name}: participants of the coach's organisation`).toBe(true);
    }
    expect(empty).toEqual(EMPTY_IN_DEMO);
  });

  it('a pull page that carries no participant data writes no row', async () => {
    const before = await lastId();
    await t.gql(COACH, '{ pullProjects(checkpoint: { seq: 0, scopeKey: null }) { documents } pullCompetencies(checkpoint: { seq: 0, scopeKey: null }) { documents } }');
    expect((await rowsAfter(before)).filter((r) => r.action === 'participant.list_read')).toEqual([]);
  });
});

type Ids = Record<string, string | number>;
/** A message from a staff member to a participant (only its parties may read it). */
const MESSAGE = 'FROM messages WHERE company_id = 1 AND recipient_participant_id IS NOT NULL AND sender_user_id IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT 1';
/** A call per root field that carries participant data: the query, its variables and the participant it must name (if one). */
/** `action`: a field with a read row of its own (AUDITED_READS), which names the participant in subject_id; no participant.list_read then. */
const QUERIES: Record<string, (ids: Ids) => { query: string; variables?: Record<string, unknown>; names?: number; as?: string; action?: string }> = {
  case: (i) => ({ query: 'query($id: ID!) { case(id: $id) { id participant { firstname } } }', variables: { id: i.case }, names: Number(i.caseParticipant) }),
  instrumentsMatch: (i) => ({ query: 'query($p: ID) { instrumentsMatch(participantId: $p) { match } }', variables: { p: i.participant }, names: Number(i.participant) }),
  invitations: () => ({ query: '{ invitations(perPage: 50) { records { id email } } }' }),
  message: (i) => ({ query: 'query($id: ID!) { message(id: $id) { id body } }', variables: { id: i.message }, names: Number(i.messageParticipant), as: String(i.messageSender) }),
  messageRecipients: () => ({ query: '{ messageRecipients(limit: 50) { id name type } }' }),
  messages: () => ({ query: '{ messages(perPage: 50) { records { id body } } }', as: 'coach' }),
  participant: (i) => ({ query: 'query($id: ID) { participant(id: $id) { firstname } }', variables: { id: i.participant }, names: Number(i.participant), action: 'participant.read' }),
  participantCompetencies: (i) => ({ query: 'query($p: ID!) { participantCompetencies(participantId: $p) { __typename } }', variables: { p: i.scored }, names: Number(i.scored) }),
  participantDisciplines: (i) => ({ query: 'query($p: ID!) { participantDisciplines(participantId: $p) { __typename } }', variables: { p: i.skilled }, names: Number(i.skilled) }),
  participantDocuments: (i) => ({ query: 'query($p: ID) { participantDocuments(participantId: $p) { records { name } } }', variables: { p: i.documented }, names: Number(i.documented) }),
  participantTargets: (i) => ({ query: 'query($p: ID) { participantTargets(participantId: $p) { description } }', variables: { p: i.targeted }, names: Number(i.targeted) }),
  participantTests: (i) => ({ query: 'query($p: ID!) { participantTests(participantId: $p) { __typename } }', variables: { p: i.tested }, names: Number(i.tested) }),
  participants: () => ({ query: '{ participants(perPage: 20) { records { firstname } } }' }),
  participationLadder: (i) => ({ query: 'query($p: ID!) { participationLadder(participantId: $p) { __typename } }', variables: { p: i.laddered }, names: Number(i.laddered) }),
  skillReport: () => ({ query: '{ skillReport(perPage: 20) { records { participant { name } } } }' }),
  tasks: () => ({ query: '{ tasks(perPage: 20) { records { title } } }' }),
  user: (i) => ({ query: 'query($id: ID!) { user(id: $id) { email phone } }', variables: { id: i.participantUser }, names: Number(i.participantOfUser) }),
  users: () => ({ query: '{ users(perPage: 200) { records { email phone } } }', as: 'admin' }),
  wageValueMeasurements: () => ({ query: '{ wageValueMeasurements(perPage: 20) { records { participant } } }' }),
  wageValuePlanNotes: (i) => ({ query: 'query($p: ID!) { wageValuePlanNotes(planId: $p) { text } }', variables: { p: i.plan }, names: Number(i.planParticipant) }),
  wageValuePlans: () => ({ query: '{ wageValuePlans(perPage: 20) { records { employerName } } }' }),
  wageValueReport: (i) => ({ query: 'query($u: String!) { wageValueReport(measurementUuid: $u) { name } }', variables: { u: i.measurementUuid }, names: Number(i.measurementParticipant) }),
  workPlans: () => ({ query: '{ workPlans(perPage: 20) { records { name } } }' }),
};

describe('every root query field that carries participant data writes a row naming them', () => {
  it('calls each as a coach (or the role that may call it)', async () => {
    const ids: Ids = {
      participant: await one('SELECT p.id FROM participants p WHERE p.company_id = 1 AND p.deleted_at IS NULL ORDER BY p.id LIMIT 1'),
      case: await one('SELECT id FROM cases WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      caseParticipant: await one('SELECT participant_id FROM cases WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      message: await one(`SELECT id ${MESSAGE}`),
      messageParticipant: await one(`SELECT recipient_participant_id ${MESSAGE}`),
      messageSender: await one(`SELECT u.username FROM users u WHERE u.id = (SELECT sender_user_id ${MESSAGE})`),
      scored: await one('SELECT participant_id FROM participant_behavior_scores WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      skilled: await one('SELECT participant_id FROM participant_skill_scores WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      documented: await one('SELECT participant_id FROM files WHERE company_id = 1 AND kind = 5 AND participant_id IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      targeted: await one('SELECT participant_id FROM participant_targets WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      tested: await one('SELECT participant_id FROM participant_tests WHERE company_id = 1 ORDER BY id LIMIT 1'),
      laddered: await one('SELECT participant_id FROM participation_ladder_steps WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      participantUser: await one('SELECT user_id FROM participants WHERE company_id = 1 AND user_id IS NOT NULL ORDER BY id LIMIT 1'),
      participantOfUser: await one('SELECT id FROM participants WHERE company_id = 1 AND user_id IS NOT NULL ORDER BY id LIMIT 1'),
      plan: await one('SELECT plan_id FROM wage_value_plan_notes WHERE company_id = 1 AND deleted_at IS NULL ORDER BY id LIMIT 1'),
      planParticipant: await one('SELECT p.participant_id FROM wage_value_plan_notes n JOIN wage_value_plans p ON p.id = n.plan_id WHERE n.company_id = 1 AND n.deleted_at IS NULL ORDER BY n.id LIMIT 1'),
      measurementUuid: await one("SELECT uuid::text FROM wage_value_measurements WHERE company_id = 1 AND deleted_at IS NULL AND status = 'definitive' ORDER BY id LIMIT 1"),
      measurementParticipant: await one("SELECT participant_id FROM wage_value_measurements WHERE company_id = 1 AND deleted_at IS NULL AND status = 'definitive' ORDER BY id LIMIT 1"),
    };
    const company = await participantsOfCompany1();
    const carrying = Object.entries(QUERY_RULES).filter(([, r]) => r.carries !== false).map(([name]) => name);
    expect(carrying.filter((name) => !Object.hasOwn(QUERIES, name)), 'a call for each carrying field').toEqual([]);
    for (const name of carrying) {
      const call = QUERIES[name]!(ids);
      const before = await lastId();
      const res = await t.gql(call.as ?? COACH, call.query, call.variables ?? {});
      expect(res.errors, name).toBeUndefined();
      const all = await rowsAfter(before);
      const action = call.action ?? 'participant.list_read';
      const rows = all.filter((r) => r.action === action);
      expect(rows.length, `${name}: one row per request`).toBe(1);
      // Never audited twice: a field with a row of its own writes no participant.list_read besides.
      if (call.action) expect(all.filter((r) => r.action === 'participant.list_read'), name).toEqual([]);
      const read = call.action ? rows.map((r) => Number(r.subject_id)) : named(rows);
      expect(read.length, `${name}: names participants`).toBeGreaterThan(0);
      expect(read.every((id) => company.has(id)), name).toBe(true);
      if (call.names !== undefined) expect(read, name).toContain(call.names);
    }
  });
});

/** A call per REST route that carries participant data, as whom, and the participant it must name (if one). */
const ROUTES: Record<string, (ids: Ids) => { path: string; body?: unknown; as: string; names?: number }> = {
  'POST /api/graph/related': () => ({ path: '/api/graph/related', body: { subject: 'participant' }, as: COACH }),
  'GET /api/export/:file': () => ({ path: '/api/export/participants.csv', as: 'admin' }),
  'GET /api/skill-report/:file': () => ({ path: '/api/skill-report/export.csv', as: 'admin' }),
  'GET /api/portal/documents/:uuid': (i) => ({ path: `/api/portal/documents/${i.documentUuid}`, as: COACH, names: Number(i.documented) }),
  // A message attachment, downloaded by the message's sender: the row names the message's participant.
  'GET /api/files/:uuid': (i) => ({ path: `/api/files/${i.attachmentUuid}`, as: String(i.attachmentSender), names: Number(i.attachmentParticipant) }),
  // A participant document by signed link (fetched just before as the coach): the row names the document's participant.
  'GET /api/files/download/:file': (i) => ({ path: String(i.signedLink), as: COACH, names: Number(i.documented) }),
};

describe('every REST route that carries participant data writes a row naming them', () => {
  it('calls each', async () => {
    const carrying = Object.entries(REST_RULES).filter(([, r]) => r.carries).map(([route]) => route);
    expect(carrying.filter((r) => !Object.hasOwn(ROUTES, r)), 'a call for each carrying route').toEqual([]);
    const documentUuid = await one<string>('SELECT uuid::text FROM files WHERE storage_key = $1', [documentKey]);
    const documented = await one<string>('SELECT participant_id FROM files WHERE storage_key = $1', [documentKey]);
    const presigned = await t.app.request(`/api/files/get-presigned-url/${documentUuid}`, { headers: { authorization: `Bearer ${await t.tokenOf(COACH)}` } });
    expect(presigned.status).toBe(200);
    const signedLink = ((await presigned.json()) as { presigned_request_uri: string }).presigned_request_uri;
    const message = (await t.db.query<{ id: string; recipient_participant_id: string; sender_user_id: string }>(`SELECT id, recipient_participant_id, sender_user_id ${MESSAGE}`)).rows[0]!;
    const attachmentUuid = await one<string>(
      'INSERT INTO files (company_id, kind, name, mime, size, storage_key, user_id, message_id) VALUES (1, 13, $1, $2, 13, $3, $4, $5) RETURNING uuid::text',
      ['bijlage.pdf', 'application/pdf', attachmentKey, message.sender_user_id, message.id],
    );
    const attachmentSender = await one<string>('SELECT username FROM users WHERE id = $1', [message.sender_user_id]);
    const company = await participantsOfCompany1();
    for (const route of carrying) {
      const rule = REST_RULES[route]!;
      const call = ROUTES[route]!({ documentUuid, documented, signedLink, attachmentUuid, attachmentSender, attachmentParticipant: message.recipient_participant_id });
      const before = await lastId();
      const res = await t.app.request(call.path, {
        method: route.split(' ')[0],
        headers: { authorization: `Bearer ${await t.tokenOf(call.as)}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
        ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      });
      await res.arrayBuffer();
      const rows = (await rowsAfter(before)).filter((r) => rule.carries && r.action === rule.action);
      expect(res.status, route).toBe(200);
      expect(rows.length, `${route}: one row`).toBe(1);
      const read = named(rows);
      expect(read.length, `${route}: names participants`).toBeGreaterThan(0);
      expect(read.every((id) => company.has(id)), route).toBe(true);
      if (call.names !== undefined) expect(read, route).toContain(call.names);
    }
  });
});

describe('the users export names the participants whose accounts it holds', () => {
  it('user.export lists the participant of every participant login exported', async () => {
    const accounts = (await t.db.query<{ id: string }>('SELECT p.id FROM participants p JOIN users u ON u.id = p.user_id WHERE p.company_id = 1 AND u.deleted_at IS NULL AND u.display <> 0')).rows.map((r) => Number(r.id));
    expect(accounts.length).toBeGreaterThan(0);
    const before = await lastId();
    const res = await t.app.request('/api/export/users.csv', { headers: { authorization: `Bearer ${await t.tokenOf('admin')}` } });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const rows = (await rowsAfter(before)).filter((r) => r.action === 'user.export');
    expect(rows).toHaveLength(1);
    expect([...named(rows)].sort((a, b) => a - b)).toEqual([...accounts].sort((a, b) => a - b));
  });
});
