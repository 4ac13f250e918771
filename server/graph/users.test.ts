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
  records: { id: string; username: string }[];
}

describe('me', () => {
  it.each([
    ['admin', 'Beheerder'],
    ['manager', 'Trajectbegeleider'],
    ['coach', 'Coach'],
    ['participant', 'Deelnemer'],
  ])('%s gets their own user with role, company settings and links', async (username, label) => {
    const res = await t.gql<{ me: { username: string; role: { id: string; label: string }; company: { name: string; settings: Record<string, unknown> }; participant: { id: string } | null; mfa: { validated: boolean } } }>(
      username,
      '{ me { username role { id label } company { name settings } participant { id } mfa { active setup validated } imitationOptions { id } settings } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.me.username).toBe(username);
    expect(res.data?.me.role.label).toBe(label);
    expect(res.data?.me.company.name).toBe('Demo Werkbedrijf');
    expect(res.data?.me.company.settings).toHaveProperty('participantPortalVersion');
    expect(res.data?.me.mfa.validated).toBe(true);
    expect(res.data?.me.participant !== null).toBe(username === 'participant');
  });

  it('without a session: no_current_user', async () => {
    const res = await t.gql(null, '{ me { id } }');
    expect(res.errors?.[0]?.extensions?.code).toBe('no_current_user');
  });
});

describe('users', () => {
  it('pages with perPage (default 15, 0 = all) and counts totalItems', async () => {
    const all = await t.gql<{ users: Page }>('admin', '{ users(perPage: 0) { totalItems records { id } } }');
    const total = all.data?.users.totalItems ?? 0;
    expect(all.data?.users.records).toHaveLength(total);
    const page = await t.gql<{ users: Page }>('admin', '{ users(perPage: 2, page: 2) { totalItems records { id } } }');
    expect(page.data?.users.records).toHaveLength(2);
    expect(page.data?.users.totalItems).toBe(total);
    const dflt = await t.gql<{ users: Page }>('admin', '{ users { records { id } } }');
    expect(dflt.data?.users.records.length).toBe(Math.min(15, total));
  });

  it('searches by name', async () => {
    const res = await t.gql<{ users: Page }>('admin', '{ users(search: "visser", perPage: 0) { records { username } } }');
    expect(res.data?.users.records.map((r) => r.username)).toContain('coach');
  });

  it('a participant lists no users; a coach sees staff but no participant outside the caseload', async () => {
    const p = await t.gql<{ users: Page }>('participant', '{ users(perPage: 0) { totalItems } }');
    expect(p.data?.users.totalItems).toBe(0);
    const coach = await t.gql<{ users: Page }>('coach', '{ users(perPage: 0) { records { username } } }');
    const names = coach.data?.users.records.map((r) => r.username) ?? [];
    expect(names).toContain('admin');
    expect(names).not.toContain('admin2');
  });

  it('user(id) answers null for another company, whatever id', async () => {
    const other = await t.userId('admin2');
    const res = await t.gql<{ user: unknown }>('admin', 'query($id: ID!) { user(id: $id) { id username } }', { id: String(other) });
    expect(res.data?.user).toBeNull();
    const unknown = await t.gql<{ user: unknown }>('admin', '{ user(id: "99999999") { id } }');
    expect(unknown.data?.user).toBeNull();
  });

  it('internal notes of a user are only for administrators and the user', async () => {
    const coachId = await t.userId('coach');
    const asParticipant = await t.gql<{ user: { experienceCoaching: string | null } | null }>(
      'participant',
      'query($id: ID!) { user(id: $id) { experienceCoaching } }',
      { id: String(coachId) },
    );
    if (asParticipant.data?.user) expect(asParticipant.data.user.experienceCoaching).toBeNull();
    const asAdmin = await t.gql<{ user: { experienceCoaching: string | null } }>('admin', 'query($id: ID!) { user(id: $id) { experienceCoaching } }', { id: String(coachId) });
    expect(asAdmin.data?.user.experienceCoaching).toBeTruthy();
  });
});

const ADD = 'mutation($input: UserInput!) { addUser(input: $input) { success reason id } }';
const UPDATE = 'mutation($input: UpdateUserInput!) { updateUser(input: $input) { success reason params } }';

describe('addUser / updateUser', () => {
  it('an administrator adds a user; the effect and an audit row are written', async () => {
    const res = await t.gql<{ addUser: { success: boolean; id: string } }>('admin', ADD, {
      input: { username: 'nieuwe_coach', roleId: '4', surname: 'Jansen', givenName: 'Eva', email: 'eva@example.nl' },
    });
    expect(res.data?.addUser.success).toBe(true);
    const audit = await t.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND subject_id = $2', ['user.add', res.data?.addUser.id]);
    expect(audit.rows).toHaveLength(1);
  });

  it.each([
    [{ id: '5', username: 'x_y', roleId: '4', surname: 'A' }, 'reasons.newUserHasId', { field: 'id' }],
    [{ username: 'met spatie', roleId: '4', surname: 'A' }, 'validation.username', { field: 'username' }],
    [{ username: 'zonder_naam', roleId: '4' }, 'validation.required', { field: 'surname' }],
    [{ username: 'admin', roleId: '4', surname: 'A' }, 'auth.usernameInUse', null],
    [{ username: 'super_x', roleId: '1', surname: 'A' }, 'reasons.roleNotAssignable', null],
    [{ username: 'bad_mail', roleId: '4', surname: 'A', email: 'geen-mail' }, 'validation.email', { field: 'email' }],
  ])('refuses %j with a reason code and its params', async (input, reason, params) => {
    const res = await t.gql<{ addUser: { success: boolean; reason: string; params: unknown } }>('admin', 'mutation($input: UserInput!) { addUser(input: $input) { success reason params id } }', { input });
    expect(res.data?.addUser).toEqual({ success: false, reason, params, id: null });
  });

  it('a manager may not add users', async () => {
    const res = await t.gql<{ addUser: { success: boolean; reason: string } }>('manager', ADD, { input: { username: 'door_manager', roleId: '4', surname: 'A' } });
    expect(res.data?.addUser).toEqual({ success: false, reason: 'reasons.notFoundOrForbidden', id: null });
  });

  const uuidOf = async (username: string) => (await t.db.query<{ uuid: string }>('SELECT uuid FROM users WHERE username = $1', [username])).rows[0]?.uuid;

  it('update needs an existing identifier; username and role do not change', async () => {
    const none = await t.gql<{ updateUser: { reason: string; params: unknown } }>('admin', UPDATE, { input: { uuid: await uuidOf('coach'), surname: 'X' } });
    expect(none.data?.updateUser).toMatchObject({ reason: 'validation.userIdentifierRequired', params: { field: 'id' } });
    const coachId = String(await t.userId('coach'));
    // the update's input has no username or role: sending them is refused before anything runs
    const sneaky = await t.gql('admin', UPDATE, { input: { id: coachId, uuid: await uuidOf('coach'), username: 'hacked', roleId: '7', surname: 'X' } });
    expect(sneaky.errors?.length).toBeGreaterThan(0);
    const res = await t.gql<{ updateUser: { success: boolean } }>('admin', UPDATE, {
      input: { id: coachId, uuid: await uuidOf('coach'), surname: 'Visser-de Wit', givenName: 'Sanne' },
    });
    expect(res.data?.updateUser.success).toBe(true);
    const { rows } = await t.db.query<{ username: string; acl_role_id: number; surname: string }>('SELECT username, acl_role_id, surname FROM users WHERE id = $1', [coachId]);
    expect(rows[0]).toMatchObject({ username: 'coach', acl_role_id: 4, surname: 'Visser-de Wit' });
  });

  it('a coach edits their own profile but not a colleague', async () => {
    const own = await t.gql<{ updateUser: { success: boolean } }>('coach', UPDATE, { input: { id: String(await t.userId('coach')), uuid: await uuidOf('coach'), surname: 'Visser', givenName: 'Sanne' } });
    expect(own.data?.updateUser.success).toBe(true);
    const other = await t.gql<{ updateUser: { success: boolean } }>('coach', UPDATE, { input: { id: String(await t.userId('manager')), uuid: await uuidOf('manager'), surname: 'X' } });
    expect(other.data?.updateUser.success).toBe(false);
  });
});

describe('blockUser / unblockUser', () => {
  it('needs a numeric id', async () => {
    for (const id of [null, 'abc', '']) {
      const res = await t.gql<{ blockUser: { reason: string } }>('admin', 'mutation($id: ID) { blockUser(id: $id) { success reason } }', { id });
      expect(res.data?.blockUser.reason).toBe('validation.userIdentifierRequired');
    }
  });

  it('blocking ends every session of the user; unblocking lets them in again', async () => {
    const token = await t.tokenOf('manager');
    const id = String(await t.userId('manager'));
    const blocked = await t.gql<{ blockUser: { success: boolean } }>('admin', 'mutation($id: ID) { blockUser(id: $id) { success reason } }', { id });
    expect(blocked.data?.blockUser.success).toBe(true);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    expect(rows[0]?.n).toBe(0);
    const res = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    expect(body.errors?.length).toBeGreaterThan(0);
    const unblocked = await t.gql<{ unblockUser: { success: boolean } }>('admin', 'mutation($id: ID) { unblockUser(id: $id) { success } }', { id });
    expect(unblocked.data?.unblockUser.success).toBe(true);
  });

  it('nobody blocks themselves; a coach blocks nobody', async () => {
    const self = await t.gql<{ blockUser: { success: boolean } }>('admin', 'mutation($id: ID) { blockUser(id: $id) { success } }', { id: String(await t.userId('admin')) });
    expect(self.data?.blockUser.success).toBe(false);
    const coach = await t.gql<{ blockUser: { success: boolean } }>('coach', 'mutation($id: ID) { blockUser(id: $id) { success } }', { id: String(await t.userId('manager')) });
    expect(coach.data?.blockUser.success).toBe(false);
  });
});

describe('setImitationOptions', () => {
  const SET = 'mutation($u: ID!, $ids: [ID!]!) { setImitationOptions(userId: $u, userIds: $ids) { success reason } }';
  it('sets users of the same company; refuses another company', async () => {
    const coach = String(await t.userId('coach'));
    const ok = await t.gql<{ setImitationOptions: { success: boolean } }>('admin', SET, { u: coach, ids: [String(await t.userId('participant'))] });
    expect(ok.data?.setImitationOptions.success).toBe(true);
    const me = await t.gql<{ me: { imitationOptions: { username: string }[] } }>('coach', '{ me { imitationOptions { username } } }');
    expect(me.data?.me.imitationOptions.map((u) => u.username)).toEqual(['participant']);
    const cross = await t.gql<{ setImitationOptions: { success: boolean } }>('admin', SET, { u: coach, ids: [String(await t.userId('coach2'))] });
    expect(cross.data?.setImitationOptions.success).toBe(false);
    const byCoach = await t.gql<{ setImitationOptions: { success: boolean } }>('coach', SET, { u: coach, ids: [] });
    expect(byCoach.data?.setImitationOptions.success).toBe(false);
  });
});

describe('own settings, search history and search settings', () => {
  it('setUserSettings stores theme and notification; a negative timeout is refused', async () => {
    const okRes = await t.gql<{ setUserSettings: { success: boolean } }>('coach', 'mutation { setUserSettings(input: { theme: "dark", notificationSetting: "timeout", notificationTimeout: 7 }) { success reason } }');
    expect(okRes.data?.setUserSettings.success).toBe(true);
    const s = await t.gql<{ settings: Record<string, unknown> }>('coach', '{ settings }');
    expect(s.data?.settings).toMatchObject({ theme: 'dark', notificationSetting: 'timeout', notificationTimeout: 7 });
    const bad = await t.gql<{ setUserSettings: { success: boolean; reason: string } }>('coach', 'mutation { setUserSettings(input: { notificationTimeout: -1 }) { success reason } }');
    expect(bad.data?.setUserSettings).toEqual({ success: false, reason: 'validation.minValue' });
  });

  it('setSettings stores a widget order; unknown widgets are refused', async () => {
    const res = await t.gql<{ setSettings: { success: boolean } }>('participant', 'mutation { setSettings(page: "home", widgets: ["my-tasks", "my-profile"]) { success reason } }');
    expect(res.data?.setSettings.success).toBe(true);
    const s = await t.gql<{ settings: { widgetOrders: Record<string, string[]> } }>('participant', '{ settings }');
    expect(s.data?.settings.widgetOrders.home).toEqual(['my-tasks', 'my-profile']);
    const bad = await t.gql<{ setSettings: { success: boolean } }>('participant', 'mutation { setSettings(page: "home", widgets: ["evil"]) { success reason } }');
    expect(bad.data?.setSettings.success).toBe(false);
  });

  it('search history and settings are per user', async () => {
    await t.gql('coach', 'mutation { addSearchHistory(subject: "participants", data: { search: "jansen" }) { success } }');
    const mine = await t.gql<{ searchHistory: { data: unknown }[] }>('coach', '{ searchHistory(subject: "participants") { id data } }');
    expect(mine.data?.searchHistory[0]?.data).toEqual({ search: 'jansen' });
    const other = await t.gql<{ searchHistory: unknown[] }>('manager', '{ searchHistory(subject: "participants") { id } }');
    expect(other.data?.searchHistory).toEqual([]);
    await t.gql('coach', 'mutation { clearSearchHistory(subject: "participants") { success } }');
    expect((await t.gql<{ searchHistory: unknown[] }>('coach', '{ searchHistory(subject: "participants") { id } }')).data?.searchHistory).toEqual([]);
    const upd = await t.gql<{ updateSearchSettings: { success: boolean } }>(
      'coach',
      'mutation { updateSearchSettings(subject: "participants", columns: ["lastname", "status"], showCaseload: true, pagination: { rowsPerPage: 25, sortBy: "lastname", descending: false }) { success reason } }',
    );
    expect(upd.data?.updateSearchSettings.success).toBe(true);
    const s = await t.gql<{ searchSettings: { showCaseload: boolean; pagination: { rowsPerPage: number } } }>('coach', '{ searchSettings(subject: "participants") { columns showCaseload pagination filter } }');
    expect(s.data?.searchSettings).toMatchObject({ showCaseload: true, pagination: { rowsPerPage: 25 } });
    expect((await t.gql<{ searchSettings: unknown }>('manager', '{ searchSettings(subject: "participants") { subject } }')).data?.searchSettings).toBeNull();
  });
});
