import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from './testing/demo-app';

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => {
  await t.db.close();
});

interface Page {
  totalItems: number;
  records: { id: string; firstname: string; lastname: string; bsn: string | null }[];
}
const LIST = 'query($s: String, $c: Boolean, $h: Boolean, $st: [Int!]) { participants(search: $s, caseload: $c, includeHidden: $h, statusIds: $st, perPage: 0) { totalItems records { id firstname lastname bsn } } }';

async function idsWhere(where: string, params: unknown[]): Promise<string[]> {
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM participants WHERE ${where} ORDER BY id`, params);
  return rows.map((r) => String(r.id));
}
const sorted = (p: Page | undefined) => (p?.records.map((r) => r.id) ?? []).sort((a, b) => Number(a) - Number(b));

describe('participants: caseload and roles', () => {
  it('a coach sees exactly the visible participants they coach or manage', async () => {
    const coach = await t.userId('coach');
    const res = await t.gql<{ participants: Page }>('coach', LIST);
    const expected = await idsWhere('(coach_id = $1 OR manager_id = $1) AND display = 1 AND deleted_at IS NULL', [coach]);
    expect(sorted(res.data?.participants)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('a manager sees their caseload; the caseload filter narrows an administrator to theirs', async () => {
    const manager = await t.userId('manager');
    const res = await t.gql<{ participants: Page }>('manager', LIST);
    expect(sorted(res.data?.participants)).toEqual(await idsWhere('(coach_id = $1 OR manager_id = $1) AND display = 1 AND deleted_at IS NULL', [manager]));
    const admin = await t.gql<{ participants: Page }>('admin', LIST, { c: true });
    expect(sorted(admin.data?.participants)).toEqual(await idsWhere('(coach_id = $1 OR manager_id = $1) AND display = 1 AND deleted_at IS NULL', [await t.userId('admin')]));
  });

  it('an administrator sees the whole company, not the other one', async () => {
    const res = await t.gql<{ participants: Page }>('admin', LIST, { h: true });
    const company = (await t.db.query<{ company_id: number }>("SELECT company_id FROM users WHERE username = 'admin'")).rows[0]?.company_id;
    expect(sorted(res.data?.participants)).toEqual(await idsWhere('company_id = $1 AND display <> 0 AND deleted_at IS NULL', [company]));
  });

  it('a participant sees only themselves', async () => {
    const res = await t.gql<{ participants: Page }>('participant', LIST);
    expect(sorted(res.data?.participants)).toEqual(await idsWhere('user_id = $1', [await t.userId('participant')]));
  });

  it('search by name; a BSN is not matched by the free-text search (issue 20: searchParticipantByBsn)', async () => {
    const { rows } = await t.db.query<{ lastname: string; bsn: string }>("SELECT lastname, bsn FROM participants WHERE user_id = (SELECT id FROM users WHERE username = 'participant')");
    const me = rows[0];
    if (!me) throw new Error('demo participant missing');
    const byName = await t.gql<{ participants: Page }>('admin', LIST, { s: me.lastname.toUpperCase() });
    expect(byName.data?.participants.records.some((r) => r.lastname === me.lastname)).toBe(true);
    const byBsn = await t.gql<{ participants: Page }>('admin', LIST, { s: me.bsn });
    expect(byBsn.data?.participants.records).toEqual([]);
  });

  it('participant(id) outside the scope answers null, like an unknown id', async () => {
    const coach = await t.userId('coach');
    const [outside] = await idsWhere('coach_id IS DISTINCT FROM $1 AND manager_id IS DISTINCT FROM $1 AND company_id = (SELECT company_id FROM users WHERE id = $1)', [coach]);
    const res = await t.gql<{ participant: unknown }>('coach', 'query($id: ID) { participant(id: $id) { id } }', { id: outside });
    expect(res.data?.participant).toBeNull();
    const unknown = await t.gql<{ participant: unknown }>('coach', '{ participant(id: "987654") { id } }');
    expect(unknown).toEqual(res);
  });
});

const ADD = 'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason id } }';

describe('addParticipant', () => {
  it('a manager adds a participant who lands in their own caseload', async () => {
    const res = await t.gql<{ addParticipant: { success: boolean; id: string } }>('manager', ADD, {
      input: { firstname: 'Nora', lastname: 'Bakker', bsn: '111222333', birthdate: '03-04-1990', zipcode: '1234 ab' },
    });
    expect(res.data?.addParticipant.success).toBe(true);
    const { rows } = await t.db.query<{ manager_id: number; zipcode: string; birthdate: string }>('SELECT manager_id, zipcode, birthdate FROM participants WHERE id = $1', [res.data?.addParticipant.id]);
    expect(rows[0]).toEqual({ manager_id: await t.userId('manager'), zipcode: '1234AB', birthdate: '1990-04-03' });
    const audit = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'participant.add' AND subject_id = $1", [res.data?.addParticipant.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it.each([
    [{ firstname: 'A', lastname: 'B', bsn: '123456789' }, 'reasons.bsnInvalid', { field: 'bsn' }],
    [{ firstname: 'A', lastname: 'B', birthdate: '31-02-2000' }, 'validation.mustBeDate', { field: 'birthdate' }],
    [{ firstname: ' ', lastname: 'B' }, 'validation.required', { field: 'firstname' }],
    [{ firstname: 'A', lastname: 'B', city: 'x'.repeat(101) }, 'validation.maxLength', { field: 'city', max: 100 }],
  ])('refuses %j with a reason code and its params', async (input, reason, params) => {
    const res = await t.gql<{ addParticipant: { success: boolean; reason: string; params: unknown } }>('admin', 'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason params id } }', { input });
    expect(res.data?.addParticipant).toMatchObject({ success: false, reason, params });
  });

  it('a coach may not add participants; a coach of another company cannot be assigned', async () => {
    const coach = await t.gql<{ addParticipant: { success: boolean } }>('coach', ADD, { input: { firstname: 'A', lastname: 'B' } });
    expect(coach.data?.addParticipant.success).toBe(false);
    const cross = await t.gql<{ addParticipant: { success: boolean; reason: string } }>('admin', ADD, {
      input: { firstname: 'A', lastname: 'B', coachId: String(await t.userId('coach2')) },
    });
    expect(cross.data?.addParticipant).toMatchObject({ success: false, reason: 'reasons.coachNotFound' });
  });
});

describe('hiding and showing', () => {
  it('a manager hides a participant of their caseload: it leaves the coach scope; unhide brings it back', async () => {
    const coach = await t.userId('coach');
    const manager = await t.userId('manager');
    const [shared] = await idsWhere('coach_id = $1 AND display = 1', [coach]);
    if (!shared) throw new Error('no participant of coach');
    await t.db.query('UPDATE participants SET manager_id = $1 WHERE id = $2', [manager, shared]);
    const uuidOf = async (id: unknown) => (await t.db.query<{ uuid: string }>('SELECT uuid FROM participants WHERE id = $1', [id])).rows[0]?.uuid;
    const hide = await t.gql<{ hideParticipant: { success: boolean } }>('manager', 'mutation($u: String!) { hideParticipant(input: { uuid: $u }) { success reason } }', { u: await uuidOf(shared) });
    expect(hide.data?.hideParticipant.success).toBe(true);
    const asCoach = await t.gql<{ participant: unknown }>('coach', 'query($id: ID) { participant(id: $id) { id } }', { id: shared });
    expect(asCoach.data?.participant).toBeNull();
    const asManager = await t.gql<{ participant: { hidden: boolean } }>('manager', 'query($id: ID) { participant(id: $id) { hidden } }', { id: shared });
    expect(asManager.data?.participant.hidden).toBe(true);
    const show = await t.gql<{ setParticipantVisibility: { success: boolean } }>('manager', 'mutation($id: ID!) { setParticipantVisibility(id: $id, visible: true) { success } }', { id: shared });
    expect(show.data?.setParticipantVisibility.success).toBe(true);
  });

  it('a coach may not hide', async () => {
    const [mine] = await idsWhere('coach_id = $1 AND display = 1', [await t.userId('coach')]);
    const uuid = (await t.db.query<{ uuid: string }>('SELECT uuid FROM participants WHERE id = $1', [mine])).rows[0]?.uuid;
    const res = await t.gql<{ hideParticipant: { success: boolean } }>('coach', 'mutation($u: String!) { hideParticipant(input: { uuid: $u }) { success } }', { u: uuid });
    expect(res.data?.hideParticipant.success).toBe(false);
  });

  it('the legacy REST toggle hides and shows; another company answers 404; no session 401', async () => {
    const [one] = await idsWhere("company_id = (SELECT company_id FROM users WHERE username = 'admin') AND display = 1", []);
    const path = (mode: string) => `/api/default/admin/deelnemervisibility/id/${one}/format/json/setvisibility/${mode}`;
    const hide = await t.rest('admin', path('hide'), 'POST');
    expect(hide.status).toBe(200);
    expect((await t.db.query<{ display: number }>('SELECT display FROM participants WHERE id = $1', [one])).rows[0]?.display).toBe(2);
    expect((await t.rest('admin', path('show'), 'POST')).status).toBe(200);
    expect((await t.rest('admin2', path('hide'), 'POST')).status).toBe(404);
    expect((await t.rest(null, path('hide'), 'POST')).status).toBe(401);
    expect((await t.db.query<{ display: number }>('SELECT display FROM participants WHERE id = $1', [one])).rows[0]?.display).toBe(1);
  });
});

describe('accessCheck', () => {
  it('answers several resources by alias', async () => {
    const q = '{ a: accessCheck(resource: "participants", privilege: "add") b: accessCheck(resource: "users", privilege: "block") c: accessCheck(resource: "participants") d: accessCheck(resource: "nonsense") }';
    expect((await t.gql('manager', q)).data).toEqual({ a: true, b: false, c: true, d: false });
    expect((await t.gql('admin', q)).data).toEqual({ a: true, b: true, c: true, d: false });
    expect((await t.gql('participant', q)).data).toEqual({ a: false, b: false, c: false, d: false });
  });

  it('the wage-value expert flag adds measurement rights to a coach', async () => {
    const q = '{ a: accessCheck(resource: "wageValueMeasurements", privilege: "add") }';
    expect((await t.gql('expert', q)).data).toEqual({ a: true });
    expect((await t.gql('coach', q)).data).toEqual({ a: false });
  });
});

describe('setParticipantSettings', () => {
  const SET = 'mutation($id: ID, $s: ParticipantSettingsInput!) { setParticipantSettings(id: $id, settings: $s) { success reason } }';
  it('a participant sets their own theme; not another participant', async () => {
    const own = await t.gql<{ setParticipantSettings: { success: boolean } }>('participant', SET, { s: { theme: 'dark' } });
    expect(own.data?.setParticipantSettings.success).toBe(true);
    const me = await t.gql<{ me: { participant: { settings: Record<string, unknown> } } }>('participant', '{ me { participant { settings } } }');
    expect(me.data?.me.participant.settings).toMatchObject({ theme: 'dark' });
    const [other] = await idsWhere("user_id IS DISTINCT FROM (SELECT id FROM users WHERE username = 'participant')", []);
    const res = await t.gql<{ setParticipantSettings: { success: boolean } }>('participant', SET, { id: other, s: { theme: 'light' } });
    expect(res.data?.setParticipantSettings.success).toBe(false);
    const bad = await t.gql<{ setParticipantSettings: { reason: string } }>('participant', SET, { s: { theme: 'paars' } });
    expect(bad.data?.setParticipantSettings.reason).toBe('reasons.invalidField');
  });
});
