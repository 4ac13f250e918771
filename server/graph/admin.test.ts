import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createDemoApp, type DemoApp } from './testing/demo-app';

/** Staff administration (issue 13): validation and permission rules of every new mutation. */
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => {
  await t.db.close();
});

const fixture = (name: string) => readFileSync(new URL(`../../tests/e2e/admin-fixtures/${name}`, import.meta.url));
type Result = { success: boolean; reason: string | null };

async function upload(username: string, query: string, file: Buffer | null, name = 'logo.png', type = 'image/png') {
  const form = new FormData();
  form.set('query', query);
  if (file) form.set('file', new File([new Uint8Array(file)], name, { type }));
  const res = await t.app.request('/api/v2/graph', { method: 'POST', headers: { authorization: `Bearer ${await t.tokenOf(username)}` }, body: form });
  return (await res.json()) as { data: Record<string, Result> | null; errors?: { extensions?: { code?: string } }[] };
}

describe('updateUser (a declared write) changes only the fields sent', () => {
  const UPDATE = 'mutation($input: UpdateUserInput!) { updateUser(input: $input) { success reason } }';
  it('a surname-only update keeps the other fields; no id is refused', async () => {
    const id = await t.userId('coach');
    const before = (await t.db.query<{ email: string; given_name: string; phone: string | null }>('SELECT email, given_name, phone FROM users WHERE id = $1', [id])).rows[0];
    const uuid = (await t.db.query<{ uuid: string }>('SELECT uuid FROM users WHERE id = $1', [id])).rows[0]?.uuid;
    const res = await t.gql<{ updateUser: Result }>('admin', UPDATE, { input: { id: String(id), uuid, surname: 'Nieuwenhuis' } });
    expect(res.data?.updateUser).toMatchObject({ success: true, reason: null });
    const after = (await t.db.query<{ email: string; given_name: string; phone: string | null; surname: string }>('SELECT email, given_name, phone, surname FROM users WHERE id = $1', [id])).rows[0];
    expect(after).toEqual({ ...before, surname: 'Nieuwenhuis' });
    const none = await t.gql<{ updateUser: Result }>('admin', UPDATE, { input: { uuid, surname: 'X' } });
    expect(none.data?.updateUser.reason).toBe('validation.userIdentifierRequired');
    const empty = await t.gql<{ updateUser: Result }>('admin', UPDATE, { input: { id: String(id), uuid, surname: ' ' } });
    expect(empty.data?.updateUser.success).toBe(false);
  });

  it('blocking needs a numeric id; a blocked user loses their sessions at once', async () => {
    const bad = await t.gql<{ blockUser: Result }>('admin', 'mutation { blockUser(id: "abc") { success reason } }');
    expect(bad.data?.blockUser.reason).toBe('validation.userIdentifierRequired');
    const id = await t.userId('coach2');
    const token = await t.tokenOf('coach2');
    const before = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ me { id } }' }) });
    expect(((await before.json()) as { data: { me: { id: string } } }).data.me.id).toBe(String(id));
    const block = await t.gql<{ blockUser: Result }>('admin2', 'mutation($id: ID) { blockUser(id: $id) { success reason } }', { id: String(id) });
    expect(block.data?.blockUser.success).toBe(true);
    const after = await t.app.request('/api/v2/graph', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ me { id } }' }) });
    const body = (await after.json()) as { data: unknown; errors?: { extensions?: { code?: string } }[] };
    expect(body.errors?.[0]?.extensions?.code).toBeTruthy();
    await t.gql('admin2', 'mutation($id: ID) { unblockUser(id: $id) { success } }', { id: String(id) });
  });
});

describe('company settings', () => {
  const SET = 'mutation($s: JSON!) { setCompanySettings(settings: $s) { success reason } }';
  it('changes only the keys sent and refuses unknown values', async () => {
    const ok = await t.gql<{ setCompanySettings: Result }>('admin', SET, { s: { useProcessFlow: false, widgetOrders: JSON.stringify({ home: ['my-tasks', 'my-profile'] }) } });
    expect(ok.data?.setCompanySettings.success).toBe(true);
    const me = await t.gql<{ me: { company: { settings: Record<string, unknown> } } }>('admin', '{ me { company { settings } } }');
    expect(me.data?.me.company.settings.useProcessFlow).toBe(false);
    expect(typeof me.data?.me.company.settings.participantPortalVersion).toBe('string');
    const bad = await t.gql<{ setCompanySettings: Result }>('admin', SET, { s: { participantPortalVersion: 'paars' } });
    expect(bad.data?.setCompanySettings).toEqual({ success: false, reason: 'admin.errors.settings.invalid' });
    const order = await t.gql<{ setCompanySettings: Result }>('admin', SET, { s: { widgetOrders: '{"home":["nope"]}' } });
    expect(order.data?.setCompanySettings.reason).toBe('admin.errors.settings.widgetOrders');
    const coach = await t.gql<{ setCompanySettings: Result }>('coach', SET, { s: { useProcessFlow: true } });
    expect(coach.data?.setCompanySettings).toEqual({ success: false, reason: 'admin.errors.forbidden' });
  });

  it('logo: 150 KB and a text file are refused; 50 KB is stored, served and named in style.css', async () => {
    const big = await upload('admin', 'mutation { uploadCompanyLogo { success reason } }', fixture('logo-150kb.png'));
    expect(big.data?.uploadCompanyLogo).toEqual({ success: false, reason: 'admin.errors.settings.logoTooLarge' });
    // A text file named .png is refused by the graph route's content check, before any mutation runs.
    const fake = await upload('admin', 'mutation { uploadCompanyLogo { success reason } }', fixture('fake-logo.png'));
    expect(fake.data?.uploadCompanyLogo).toBeUndefined();
    expect(fake.errors?.[0]?.extensions?.code).toBe('messages.errors.fileTypeNotAllowed');
    const coach = await upload('coach', 'mutation { uploadCompanyLogo { success reason } }', fixture('logo-50kb.png'));
    expect(coach.data?.uploadCompanyLogo?.success).toBe(false);
    const good = await upload('admin', 'mutation { uploadCompanyLogo { success reason } }', fixture('logo-50kb.png'));
    expect(good.data?.uploadCompanyLogo).toEqual({ success: true, reason: null });
    const logo = await t.rest('admin', '/api/instantie/logo');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect((await logo.arrayBuffer()).byteLength).toBe(51200);
    expect((await t.rest('admin2', '/api/instantie/logo')).status).toBe(404);
    const colours = await t.gql<{ setCompanyBranding: Result }>('admin', 'mutation($b: JSON!) { setCompanyBranding(branding: $b) { success reason } }', { b: { primaryColor: '#112233' } });
    expect(colours.data?.setCompanyBranding.success).toBe(true);
    const css = await (await t.rest('admin', '/api/instantie/style.css')).text();
    expect(css).toContain('--color-primary: #112233;');
    const other = await (await t.rest('admin2', '/api/instantie/style.css')).text();
    expect(other).not.toContain('#112233');
    const badColour = await t.gql<{ setCompanyBranding: Result }>('admin', 'mutation($b: JSON!) { setCompanyBranding(branding: $b) { success reason } }', { b: { headerColor: 'red' } });
    expect(badColour.data?.setCompanyBranding.reason).toBe('admin.errors.settings.colour');
  });

  it('placements and SRG reasons save as whole lists; another company cannot touch them', async () => {
    const SAVE = 'mutation($s: JSON!) { setPlacementSettings(settings: $s) { success reason } }';
    const res = await t.gql<{ setPlacementSettings: Result }>('admin', SAVE, { s: { processLabels: [{ label: 'Proefplaatsing', occupiesPlace: true }], rejectReasons: [{ label: 'Te ver weg' }] } });
    expect(res.data?.setPlacementSettings.success).toBe(true);
    const list = await t.gql<{ placementProcessLabels: { id: string; label: string; occupiesPlace: boolean }[] }>('admin', '{ placementProcessLabels { id label occupiesPlace } }');
    expect(list.data?.placementProcessLabels).toEqual([expect.objectContaining({ label: 'Proefplaatsing', occupiesPlace: true })]);
    const id = list.data?.placementProcessLabels[0]?.id;
    const cross = await t.gql<{ setPlacementSettings: Result }>('admin2', SAVE, { s: { processLabels: [{ id, label: 'Gekaapt', occupiesPlace: false }], rejectReasons: [] } });
    expect(cross.data?.setPlacementSettings.success).toBe(false);
    const empty = await t.gql<{ setPlacementSettings: Result }>('admin', SAVE, { s: { processLabels: [{ label: ' ', occupiesPlace: true }], rejectReasons: [] } });
    expect(empty.data?.setPlacementSettings.reason).toBe('admin.errors.settings.labelRequired');
    const srg = await t.gql<{ setSrgTerminationReasons: Result }>('admin', 'mutation($s: JSON!) { setSrgTerminationReasons(settings: $s) { success reason } }', { s: { reasons: [{ label: 'Werk gevonden', srgValue: '01' }, { label: 'Verhuisd', srgValue: '' }] } });
    expect(srg.data?.setSrgTerminationReasons.reason).toBe('admin.errors.settings.srgValueRequired');
  });
});

describe('server certificates', () => {
  it('parses issuer, subject, serial and validity; refuses text that is not a certificate', async () => {
    const add = await t.gql<{ addCompanyServerCertificate: Result }>('admin', 'mutation($p: String!) { addCompanyServerCertificate(label: "SSO", pem: $p) { success reason id } }', { p: fixture('test-certificate.pem').toString() });
    expect(add.data?.addCompanyServerCertificate.success).toBe(true);
    const list = await t.gql<{ companyServerCertificates: { label: string; serial: string; subject: string; issuer: string; validFrom: string; validTo: string; state: string }[] }>('admin', '{ companyServerCertificates { label serial subject issuer validFrom validTo state } }');
    const cert = list.data?.companyServerCertificates.find((c) => c.label === 'SSO');
    expect(cert).toMatchObject({ serial: '1234', state: 'valid' });
    expect(cert?.subject).toContain('CN=sso.werkpad.test');
    expect(Date.parse(cert?.validTo ?? '') - Date.parse(cert?.validFrom ?? '')).toBeGreaterThan(3000 * 24 * 3600 * 1000);
    const bad = await t.gql<{ addCompanyServerCertificate: Result }>('admin', 'mutation { addCompanyServerCertificate(label: "x", pem: "-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTIFICATE-----") { success reason } }');
    expect(bad.data?.addCompanyServerCertificate.reason).toBe('admin.errors.certificate.pemInvalid');
    const manager = await t.gql<{ companyServerCertificates: unknown[] }>('manager', '{ companyServerCertificates { label } }');
    expect(manager.data?.companyServerCertificates).toEqual([]);
  });
});

describe('authentication adapters', () => {
  const ADD = 'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }';
  it.each([
    [{ adapter: 'oidc', label: 'A', settings: '{"issuer":"http://insecure","clientId":"x","clientSecret":"y"}' }, 'admin.errors.adapter.issuer'],
    [{ adapter: 'oidc', label: 'A', settings: 'not json' }, 'admin.errors.adapter.json'],
    [{ adapter: 'entra_id', label: 'A', settings: '{"tenantId":"nope","clientId":"x","clientSecret":"y"}' }, 'admin.errors.adapter.tenantId'],
    [{ adapter: 'ldap', label: 'A', settings: '{}' }, 'admin.errors.adapter.adapter'],
    [{ adapter: 'oidc', label: 'A', settings: '{"issuer":"https://a.nl","clientId":"x","clientSecret":"y","extra":1}' }, 'admin.errors.adapter.unknownSetting'],
  ])('refuses %j', async (input, reason) => {
    const res = await t.gql<{ addCompanyAuthenticationAdapter: Result }>('admin', ADD, { i: input });
    expect(res.data?.addCompanyAuthenticationAdapter.reason).toBe(reason);
  });

  it('adds, edits keeping the masked secret, and deletes', async () => {
    const res = await t.gql<{ addCompanyAuthenticationAdapter: Result }>('admin', ADD, { i: { adapter: 'oidc', label: 'Inloggen met Gemeente', settings: '{"issuer":"https://id.gemeente.nl","clientId":"werkpad","clientSecret":"geheim"}' } });
    expect(res.data?.addCompanyAuthenticationAdapter.success).toBe(true);
    const list = await t.gql<{ companyAuthenticationAdapters: { uuid: string; label: string; settings: Record<string, string> }[] }>('admin', '{ companyAuthenticationAdapters { uuid label settings } }');
    const row = list.data?.companyAuthenticationAdapters.find((a) => a.label === 'Inloggen met Gemeente');
    expect(row?.settings.clientSecret).toBe('********');
    const upd = await t.gql<{ updateCompanyAuthenticationAdapter: Result }>('admin', 'mutation($i: CompanyAuthenticationAdapterInput!) { updateCompanyAuthenticationAdapter(input: $i) { success reason } }', {
      i: { uuid: row?.uuid, adapter: 'oidc', label: 'Gemeente', settings: JSON.stringify({ ...row?.settings, clientId: 'werkpad2' }) },
    });
    expect(upd.data?.updateCompanyAuthenticationAdapter.success).toBe(true);
    const stored = await t.db.query<{ settings: Record<string, string> }>('SELECT settings FROM company_authentication_adapters WHERE uuid = $1', [row?.uuid]);
    // issue 24: encrypted at rest (v1:…), never the plain text; the masked form kept the stored secret, not the mask
    expect(stored.rows[0]?.settings.clientId).toBe('werkpad2');
    expect(stored.rows[0]?.settings.clientSecret).toMatch(/^v1:/);
    expect(JSON.stringify(stored.rows[0]?.settings)).not.toMatch(/geheim|\*\*\*/);
    const cross = await t.gql<{ deleteCompanyAuthenticationAdapter: Result }>('admin2', 'mutation($u: String!) { deleteCompanyAuthenticationAdapter(uuid: $u) { success reason } }', { u: row?.uuid });
    expect(cross.data?.deleteCompanyAuthenticationAdapter.success).toBe(false);
    const del = await t.gql<{ deleteCompanyAuthenticationAdapter: Result }>('admin', 'mutation($u: String!) { deleteCompanyAuthenticationAdapter(uuid: $u) { success reason } }', { u: row?.uuid });
    expect(del.data?.deleteCompanyAuthenticationAdapter.success).toBe(true);
  });
});

describe('acl roles', () => {
  const ADD = 'mutation($i: AclRoleInput!) { addAclRole(input: $i) { success reason id } }';
  it('a company role needs a fixed parent that may be handed out (never a super administrator)', async () => {
    const sa = await t.gql<{ addAclRole: Result }>('admin', ADD, { i: { label: 'Opperbaas', parentRoleId: '1', selectable: true, editable: true } });
    expect(sa.data?.addAclRole.reason).toBe('admin.errors.role.parent');
    const ok = await t.gql<{ addAclRole: Result & { id: string } }>('admin', ADD, { i: { label: 'Jobcoach extern', parentRoleId: '4', selectable: true, editable: true } });
    expect(ok.data?.addAclRole.success).toBe(true);
    const roles = await t.gql<{ aclRoles: { id: string; label: string; parentRole: { id: string } | null }[] }>('admin', '{ aclRoles { id label parentRole { id } } }');
    expect(roles.data?.aclRoles.find((r) => r.label === 'Jobcoach extern')?.parentRole?.id).toBe('4');
    const fixed = await t.gql<{ updateAclRole: Result }>('admin', 'mutation($i: AclRoleInput!) { updateAclRole(input: $i) { success reason } }', { i: { id: '7', label: 'Baas', parentRoleId: '7', selectable: true, editable: true } });
    expect(fixed.data?.updateAclRole.reason).toBe('admin.errors.role.notFound');
    const manager = await t.gql<{ addAclRole: Result }>('manager', ADD, { i: { label: 'X', parentRoleId: '4', selectable: true, editable: true } });
    expect(manager.data?.addAclRole.reason).toBe('admin.errors.forbidden');
  });
});

describe('participants: identification, reveal, process flow', () => {
  const ADD = 'mutation($input: ParticipantInput!) { addParticipant(input: $input) { success reason id } }';
  it('the company identification system decides; BSN lists masked; reveal logs', async () => {
    const persoonsnummer = await t.gql<{ addParticipant: Result }>('admin', ADD, { input: { firstname: 'A', lastname: 'B', identification: 'P-1' } });
    expect(persoonsnummer.data?.addParticipant.reason).toBe('admin.errors.participant.identificationNotUsed');
    const add = await t.gql<{ addParticipant: Result & { id: string } }>('admin', ADD, { input: { firstname: 'Sanne', lastname: 'Maskers', bsn: '123456782' } });
    expect(add.data?.addParticipant.success).toBe(true);
    const id = add.data?.addParticipant.id;
    const one = await t.gql<{ participant: { bsn: string } }>('admin', 'query($id: ID) { participant(id: $id) { bsn } }', { id });
    expect(one.data?.participant.bsn).toBe('******782');
    const reveal = await t.gql<{ revealParticipantBsn: { success: boolean; bsn: string } }>('admin', 'mutation($id: ID!) { revealParticipantBsn(id: $id) { success reason bsn } }', { id });
    expect(reveal.data?.revealParticipantBsn).toMatchObject({ success: true, bsn: '123456782' });
    const log = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'participant.bsn.reveal' AND subject_id = $1", [id]);
    expect(log.rows).toHaveLength(1);
    const cross = await t.gql<{ revealParticipantBsn: { success: boolean; bsn: string | null } }>('admin2', 'mutation($id: ID!) { revealParticipantBsn(id: $id) { success reason bsn } }', { id });
    expect(cross.data?.revealParticipantBsn).toMatchObject({ success: false, bsn: null });
  });

  it('updateParticipant changes only the fields sent and checks the eleven test', async () => {
    const add = await t.gql<{ addParticipant: Result & { id: string } }>('admin', ADD, { input: { firstname: 'Piet', lastname: 'Edit', city: 'Utrecht' } });
    const id = add.data?.addParticipant.id;
    const uuid = (await t.db.query<{ uuid: string }>('SELECT uuid FROM participants WHERE id = $1', [id])).rows[0]?.uuid;
    const UPD = 'mutation($input: UpdateParticipantInput!) { updateParticipant(input: $input) { success reason params } }';
    const bad = await t.gql<{ updateParticipant: Result & { params: unknown } }>('admin', UPD, { input: { id, uuid, bsn: '123456789' } });
    expect(bad.data?.updateParticipant).toMatchObject({ success: false, reason: 'reasons.bsnInvalid', params: { field: 'bsn' } });
    const persoonsnummer = await t.gql<{ updateParticipant: Result }>('admin', UPD, { input: { id, uuid, identification: 'P-9' } });
    expect(persoonsnummer.data?.updateParticipant.reason).toBe('admin.errors.participant.identificationNotUsed');
    const ok = await t.gql<{ updateParticipant: Result }>('admin', UPD, { input: { id, uuid, lastname: 'Bewerkt' } });
    expect(ok.data?.updateParticipant.success).toBe(true);
    const row = (await t.db.query<{ lastname: string; city: string }>('SELECT lastname, city FROM participants WHERE id = $1', [id])).rows[0];
    expect(row).toEqual({ lastname: 'Bewerkt', city: 'Utrecht' });
    const cross = await t.gql<{ updateParticipant: Result }>('admin2', UPD, { input: { id, uuid, lastname: 'Gekaapt' } });
    expect(cross.data?.updateParticipant.success).toBe(false);
  });

  it('moveParticipant sets the status of the process-flow status; unknown statuses refused', async () => {
    const { rows } = await t.db.query<{ id: number; participant_status_id: number }>(
      "SELECT id, participant_status_id FROM process_flow_statuses WHERE company_id = (SELECT company_id FROM users WHERE username = 'admin') AND participant_status_id IS NOT NULL ORDER BY id DESC LIMIT 1",
    );
    const target = rows[0];
    if (!target) throw new Error('no process flow status in the demo');
    const add = await t.gql<{ addParticipant: Result & { id: string } }>('admin', ADD, { input: { firstname: 'Flo', lastname: 'Flow' } });
    const MOVE = 'mutation($p: ID!, $s: ID!) { moveParticipant(participantId: $p, processFlowStatusId: $s) { success reason } }';
    const res = await t.gql<{ moveParticipant: Result }>('admin', MOVE, { p: add.data?.addParticipant.id, s: String(target.id) });
    expect(res.data?.moveParticipant.success).toBe(true);
    expect((await t.db.query<{ status_id: number }>('SELECT status_id FROM participants WHERE id = $1', [add.data?.addParticipant.id])).rows[0]?.status_id).toBe(target.participant_status_id);
    const unknown = await t.gql<{ moveParticipant: Result }>('admin', MOVE, { p: add.data?.addParticipant.id, s: '99999999' });
    expect(unknown.data?.moveParticipant.reason).toBe('admin.errors.processFlow.status');
  });
});

describe('exports', () => {
  it('participants as XLSX: Dutch headers, every row, BSN whole for an administrator and logged', async () => {
    const prep = await t.gql<{ exportParticipants: { success: boolean; url: string; rows: number } }>('admin', 'mutation { exportParticipants(format: "xlsx") { success reason url rows } }');
    expect(prep.data?.exportParticipants.success).toBe(true);
    const res = await t.rest('admin', prep.data?.exportParticipants.url ?? '');
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-export-rows'))).toBe(prep.data?.exportParticipants.rows);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Achternaam');
    expect(sheet?.getRow(1).getCell(4).value).toBe('BSN');
    expect((sheet?.rowCount ?? 0) - 1).toBe(prep.data?.exportParticipants.rows);
    const bsns = (sheet?.getColumn(4).values ?? []).slice(2).filter((x) => typeof x === 'string');
    expect(bsns.some((b) => /^\d{9}$/.test(String(b)))).toBe(true);
    const log = await t.db.query<{ details: { bsnRevealed: boolean } }>("SELECT details FROM audit_log WHERE action = 'participant.export' ORDER BY id DESC LIMIT 1");
    expect(log.rows[0]?.details.bsnRevealed).toBe(true);
  });

  it('users as CSV (with a byte-order mark) for an administrator; a coach may not export', async () => {
    const bytes = new Uint8Array(await (await t.rest('admin', '/api/export/users.csv')).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split('\r\n')[0]).toBe('Gebruikersnaam;Voorletters;Voornaam;Achternaam;E-mailadres;Telefoonnummer;Rol;Project;Status');
    expect(csv).toContain('coach;');
    expect(csv).not.toContain('admin2');
    expect((await t.rest('coach', '/api/export/participants.csv')).status).toBe(403);
    const bad = await t.gql<{ exportUsers: Result }>('admin', 'mutation { exportUsers(format: "pdf") { success reason } }');
    expect(bad.data?.exportUsers.reason).toBe('admin.errors.export.format');
  });
});

describe('addUser with a role of the company', () => {
  it('a selectable company role may be given; a role of another company may not', async () => {
    const role = await t.gql<{ addAclRole: { success: boolean; id: string } }>('admin', 'mutation($i: AclRoleInput!) { addAclRole(input: $i) { success reason id } }', {
      i: { label: 'Stagebegeleider', parentRoleId: '4', selectable: true, editable: true },
    });
    const roleId = role.data?.addAclRole.id;
    const ADD = 'mutation($input: UserInput!) { addUser(input: $input) { success reason id } }';
    const ok = await t.gql<{ addUser: { success: boolean } }>('admin', ADD, { input: { username: 'stage_begeleider', surname: 'Stage', roleId } });
    expect(ok.data?.addUser.success).toBe(true);
    const cross = await t.gql<{ addUser: { success: boolean; reason: string } }>('admin2', ADD, { input: { username: 'stage_begeleider2', surname: 'Stage', roleId } });
    expect(cross.data?.addUser).toMatchObject({ success: false, reason: 'reasons.roleNotAssignable' });
  });
});
