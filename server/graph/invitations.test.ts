import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from './testing/demo-app';

let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 120_000);
afterAll(async () => {
  await t.db.close();
});

const ADD = 'mutation($input: InvitationInput!) { addInvitation(input: $input) { success reason id } }';
const LIST = '{ invitations(perPage: 0) { totalItems records { id username email status revoked role { id } participant { id } } } }';

interface Inv {
  id: string;
  username: string;
  status: string;
  revoked: boolean;
}

async function participantWithoutLogin(manager: string): Promise<string> {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT id FROM participants WHERE manager_id = (SELECT id FROM users WHERE username = $1) AND user_id IS NULL AND display = 1
      AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.participant_id = participants.id) ORDER BY id LIMIT 1`,
    [manager],
  );
  if (!rows[0]) throw new Error('no participant without login');
  return String(rows[0].id);
}

describe('invitations', () => {
  it('an administrator invites a coach: the invitation runs and a mail with the link is queued', async () => {
    const res = await t.gql<{ addInvitation: { success: boolean; id: string } }>('admin', ADD, {
      input: { username: 'uitgenodigde_coach', email: 'coach.nieuw@example.nl', roleId: '4', givenName: 'Lies', surname: 'de Vries' },
    });
    expect(res.data?.addInvitation.success).toBe(true);
    const list = await t.gql<{ invitations: { records: Inv[] } }>('admin', LIST);
    expect(list.data?.invitations.records.find((i) => i.id === res.data?.addInvitation.id)).toMatchObject({ status: 'running', revoked: false });
    const mail = await t.db.query<{ text_body: string }>("SELECT text_body FROM email_outbox WHERE to_address = 'coach.nieuw@example.nl'");
    expect(mail.rows[0]?.text_body).toContain('/login/confirm-invitation/');
  });

  it('a username in use is refused', async () => {
    const res = await t.gql<{ addInvitation: { success: boolean; reason: string } }>('admin', ADD, { input: { username: 'coach', email: 'x@example.nl', roleId: '4' } });
    expect(res.data?.addInvitation.reason).toBe('auth.usernameInUse');
  });

  it('a manager invites a participant of their caseload, but no staff', async () => {
    const pid = await participantWithoutLogin('manager');
    const ok = await t.gql<{ addInvitation: { success: boolean; reason: string } }>('manager', ADD, {
      input: { username: `deelnemer_${pid}`, email: `d${pid}@example.nl`, roleId: '2', participantId: pid },
    });
    expect(ok.data?.addInvitation).toMatchObject({ success: true });
    const staff = await t.gql<{ addInvitation: { success: boolean } }>('manager', ADD, { input: { username: 'stiekem_admin', email: 's@example.nl', roleId: '7' } });
    expect(staff.data?.addInvitation.success).toBe(false);
  });

  it('a coach sees only invitations of their scope and may not invite; a participant sees none', async () => {
    const coach = await t.gql<{ addInvitation: { success: boolean } }>('coach', ADD, { input: { username: 'door_coach', email: 'c@example.nl', roleId: '2' } });
    expect(coach.data?.addInvitation.success).toBe(false);
    const p = await t.gql<{ invitations: { totalItems: number } }>('participant', LIST);
    expect(p.data?.invitations.totalItems).toBe(0);
  });

  it('resend gives a new link and restarts the validity; delete revokes it', async () => {
    const list = await t.gql<{ invitations: { records: Inv[] } }>('admin', LIST);
    const inv = list.data?.invitations.records.find((i) => i.username === 'uitgenodigde_coach');
    if (!inv) throw new Error('invitation missing');
    const before = (await t.db.query<{ token_hash: string }>('SELECT token_hash FROM invitations WHERE id = $1', [inv.id])).rows[0]?.token_hash;
    const resent = await t.gql<{ resendInvitation: { success: boolean } }>('admin', 'mutation($id: ID!) { resendInvitation(id: $id) { success reason } }', { id: inv.id });
    expect(resent.data?.resendInvitation.success).toBe(true);
    const after = (await t.db.query<{ token_hash: string; send_count: number }>('SELECT token_hash, send_count FROM invitations WHERE id = $1', [inv.id])).rows[0];
    expect(after?.token_hash).not.toBe(before);
    expect(after?.send_count).toBe(2);
    const upd = await t.gql<{ updateInvitation: { success: boolean } }>('admin', 'mutation($input: InvitationInput!) { updateInvitation(input: $input) { success reason } }', {
      input: { id: inv.id, email: 'ander@example.nl', givenName: 'Lies' },
    });
    expect(upd.data?.updateInvitation.success).toBe(true);
    const del = await t.gql<{ deleteInvitation: { success: boolean } }>('admin', 'mutation($id: ID!) { deleteInvitation(id: $id) { success } }', { id: inv.id });
    expect(del.data?.deleteInvitation.success).toBe(true);
    const gone = await t.gql<{ invitations: { records: Inv[] } }>('admin', LIST);
    expect(gone.data?.invitations.records.some((i) => i.id === inv.id)).toBe(false);
  });

  it('the other company cannot touch an invitation', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM invitations WHERE company_id = (SELECT company_id FROM users WHERE username = 'admin') AND deleted_at IS NULL LIMIT 1");
    const id = String(rows[0]?.id);
    for (const m of ['resendInvitation', 'deleteInvitation']) {
      const res = await t.gql<Record<string, { success: boolean; reason: string }>>('admin2', `mutation($id: ID!) { ${m}(id: $id) { success reason } }`, { id });
      expect(res.data?.[m]).toEqual({ success: false, reason: 'reasons.notFoundOrForbidden' });
    }
  });
});
