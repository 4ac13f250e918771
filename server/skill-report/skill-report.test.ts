import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';

/** skillReport and exportSkillReport on the demo data: the caseload's rows only, the export's rights and file. */
let demo: DemoApp;
let lotte = 0;

type Row = { id: string; kind: string; currentScore: number | null; participant: { id: string; name: string }; behavior: { name: string } | null; skill: { name: string } | null };
type Page = { skillReport: { totalItems: number; records: Row[] } };
type Gql<T> = { data: T | null; errors?: { message: string; extensions?: { code?: string; reason?: string } }[] };
const Q = 'query($kind: String, $p: ID, $per: Int) { skillReport(kind: $kind, participantId: $p, perPage: $per) { totalItems records { id kind currentScore participant { id name } project { id name } competencySystem { name } competency behavior { name } discipline { name } category { name } skill { name } } } }';
const num = async (q: string, values: unknown[] = []): Promise<number> => Number((await demo.db.query<{ n: number }>(q, values)).rows[0]!.n);

/** The caseload's score rows, counted straight from the tables. */
async function caseloadRows(userId: number): Promise<number> {
  const where = 'p.deleted_at IS NULL AND p.display = 1 AND (p.coach_id = $1 OR p.manager_id = $1)';
  return (
    (await num(`SELECT count(*)::int AS n FROM participant_behavior_scores s JOIN participants p ON p.id = s.participant_id WHERE s.deleted_at IS NULL AND ${where}`, [userId])) +
    (await num(`SELECT count(*)::int AS n FROM participant_skill_scores s JOIN participants p ON p.id = s.participant_id WHERE s.deleted_at IS NULL AND ${where}`, [userId]))
  );
}

beforeAll(async () => {
  demo = await createDemoApp();
  lotte = await num('SELECT p.id AS n FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = $1', ['participant']);
}, 120_000);

afterAll(async () => {
  await demo.db.close();
});

describe('skillReport', () => {
  it("a coach gets exactly the rows of the caseload's participants", async () => {
    const coach = await demo.userId('coach');
    const expected = await caseloadRows(coach);
    expect(expected).toBeGreaterThan(0);
    const res = await demo.gql<Page>('coach', Q, { per: 0 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.skillReport.totalItems).toBe(expected);
    const caseload = new Set((await demo.db.query<{ id: number }>('SELECT id FROM participants WHERE coach_id = $1 OR manager_id = $1', [coach])).rows.map((r) => String(r.id)));
    expect(res.data!.skillReport.records.every((r) => caseload.has(r.participant.id))).toBe(true);
    const paged = await demo.gql<Page>('coach', Q, {});
    expect(paged.data!.skillReport.records).toHaveLength(Math.min(15, expected));
  });

  it('filters by kind and participant', async () => {
    const skills = await demo.gql<Page>('manager', Q, { kind: 'skill', p: String(lotte), per: 0 });
    expect(skills.errors).toBeUndefined();
    const expected = await num('SELECT count(*)::int AS n FROM participant_skill_scores WHERE participant_id = $1 AND deleted_at IS NULL', [lotte]);
    expect(skills.data!.skillReport.totalItems).toBe(expected);
    expect(skills.data!.skillReport.records.every((r) => r.kind === 'skill' && r.skill !== null && r.behavior === null && r.participant.id === String(lotte))).toBe(true);
  });

  it('a competency system and a discipline together leave no rows (behaviours have no discipline, skills no system)', async () => {
    const system = await num('SELECT id AS n FROM competency_systems ORDER BY id LIMIT 1');
    const discipline = await num('SELECT id AS n FROM disciplines ORDER BY id LIMIT 1');
    const res = await demo.gql<Page>('manager', 'query($s: ID, $d: ID) { skillReport(competencySystemId: $s, disciplineId: $d) { totalItems records { id } } }', { s: String(system), d: String(discipline) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.skillReport.totalItems).toBe(0);
    const behaviours = await demo.gql<Page>('manager', 'query($s: ID) { skillReport(competencySystemId: $s, perPage: 0) { totalItems records { id kind } } }', { s: String(system) });
    expect(behaviours.data!.skillReport.totalItems).toBeGreaterThan(0);
    expect(behaviours.data!.skillReport.records.every((r) => r.kind === 'behavior')).toBe(true);
  });

  it('a coach outside the caseload, another company and a participant get no rows', async () => {
    for (const user of ['yasmina_elamrani', 'coach2', 'admin2', 'participant']) {
      const res = await demo.gql<Page>(user, Q, { p: String(lotte), per: 0 });
      expect(res.errors, user).toBeUndefined();
      expect(res.data!.skillReport.totalItems, user).toBe(0);
    }
  });

  it('a bad filter answers its reason', async () => {
    const res = (await demo.gql('coach', Q, { kind: 'everything' })) as Gql<unknown>;
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'skillReport.errors.invalidKind' });
  });
});

describe('exportSkillReport', () => {
  const M = 'mutation($f: String!, $p: ID, $kind: String) { exportSkillReport(format: $f, participantId: $p, kind: $kind) { success reason url rows } }';

  it('a manager gets the address of the file; the file holds the Dutch headers and the rows', async () => {
    const res = await demo.gql<{ exportSkillReport: { success: boolean; url: string; rows: number } }>('manager', M, { f: 'csv', p: String(lotte) });
    expect(res.errors).toBeUndefined();
    const answer = res.data!.exportSkillReport;
    expect(answer.success).toBe(true);
    expect(answer.url).toBe(`/api/skill-report/export.csv?participantId=${lotte}`);
    const expected = await num(
      'SELECT (SELECT count(*) FROM participant_behavior_scores WHERE participant_id = $1 AND deleted_at IS NULL) + (SELECT count(*) FROM participant_skill_scores WHERE participant_id = $1 AND deleted_at IS NULL) AS n',
      [lotte],
    );
    expect(answer.rows).toBe(expected);
    const file = await demo.rest('manager', answer.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-export-rows')).toBe(String(expected));
    const lines = (await file.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Deelnemer;Project;Competentiesysteem;Competentie;Gedrag;Vakgebied;Categorie;Vaardigheid;Startscore;Huidige score;Doelscore');
    expect(lines).toHaveLength(expected + 1);
    expect(lines[1]).toContain('Lotte');
    expect(await num("SELECT count(*)::int AS n FROM audit_log WHERE action = 'skillReport.export'")).toBe(1);
    const xlsx = await demo.rest('manager', '/api/skill-report/export.xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('a coach may view but not export; the route refuses as well', async () => {
    const res = await demo.gql<{ exportSkillReport: { success: boolean; reason: string } }>('coach', M, { f: 'csv' });
    expect(res.data!.exportSkillReport).toMatchObject({ success: false, reason: 'skillReport.errors.notAllowed' });
    expect((await demo.rest('coach', '/api/skill-report/export.csv')).status).toBe(403);
    expect((await demo.rest('participant', '/api/skill-report/export.csv')).status).toBe(403);
  });

  it('another company exports none of these rows', async () => {
    const res = await demo.gql<{ exportSkillReport: { success: boolean; rows: number } }>('admin2', M, { f: 'csv', p: String(lotte) });
    expect(res.data!.exportSkillReport).toMatchObject({ success: true, rows: 0 });
    const file = await demo.rest('admin2', `/api/skill-report/export.csv?participantId=${lotte}`);
    expect((await file.text()).replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });

  it('bad input answers a reason', async () => {
    const format = await demo.gql<{ exportSkillReport: { success: boolean; reason: string } }>('manager', M, { f: 'pdf' });
    expect(format.data!.exportSkillReport).toMatchObject({ success: false, reason: 'skillReport.errors.format' });
    const kind = await demo.gql<{ exportSkillReport: { success: boolean; reason: string } }>('manager', M, { f: 'csv', kind: 'x' });
    expect(kind.data!.exportSkillReport).toMatchObject({ success: false, reason: 'skillReport.errors.invalidKind' });
    expect((await demo.rest('manager', '/api/skill-report/export.csv?participantId=abc')).status).toBe(400);
  });
});
