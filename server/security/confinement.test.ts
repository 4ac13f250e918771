import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * Issue 20, "self-registered participants are confined in the browser only": with a participant in status
 * Aanmelding, workplaceApplication and participantAddDocument succeeded and `workplaces` answered employers'
 * contact names and phone numbers.
 */
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

type Errors = { message: string; extensions?: { code?: string } }[] | undefined;
const code = (errors: Errors) => errors?.[0]?.extensions?.code;

describe('the registration area is enforced by the server', () => {
  it('the demo aanmelder is a participant in status Aanmelding', async () => {
    const { rows } = await t.db.query<{ status_id: number }>("SELECT p.status_id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = 'aanmelder'");
    expect([15, 18]).toContain(Number(rows[0]?.status_id));
  });

  it('queries and mutations outside the area are refused', async () => {
    const workplace = (await t.db.query<{ id: number }>("SELECT w.id FROM workplaces w JOIN users u ON u.company_id = w.company_id WHERE u.username = 'aanmelder' AND w.deleted_at IS NULL LIMIT 1")).rows[0];
    const list = await t.gql('aanmelder', '{ workplaces { records { id } } }');
    expect(list.data ?? null).toBeNull();
    expect(code(list.errors)).toBe('registration_confined');
    const apply = await t.gql('aanmelder', 'mutation($i: WorkplaceApplicationInput!) { workplaceApplication(input: $i) { success reason } }', {
      i: { clientMutationId: uuidv7(), uuid: uuidv7(), workplaceId: Number(workplace?.id ?? 1), motivation: 'graag' },
    });
    expect(code(apply.errors)).toBe('registration_confined');
    const doc = await t.gql('aanmelder', 'mutation($i: ParticipantAddDocumentInput!) { participantAddDocument(input: $i) { success reason } }', { i: { uuid: uuidv7(), name: 'x.pdf' } });
    expect(doc.errors?.length).toBeGreaterThan(0);
    const { rows } = await t.db.query("SELECT 1 FROM workplace_applications a JOIN participants p ON p.id = a.participant_id JOIN users u ON u.id = p.user_id WHERE u.username = 'aanmelder'");
    expect(rows).toHaveLength(0);
  });

  it('what the area needs still answers: me, the own participant in the pull; other pulls are empty', async () => {
    const me = await t.gql<{ me: { id: string } }>('aanmelder', '{ me { id } }');
    expect(me.errors).toBeUndefined();
    const cp = { seq: 0, scopeKey: null };
    const pull = await t.gql<{ pullParticipants: { documents: unknown[] }; pullWorkplaces: { documents: unknown[] } }>('aanmelder',
      'query($cp: PullCheckpointInput!) { pullParticipants(checkpoint: $cp) { documents } pullWorkplaces(checkpoint: $cp) { documents } }', { cp });
    expect(pull.errors).toBeUndefined();
    expect(pull.data?.pullParticipants.documents).toHaveLength(1);
    expect(pull.data?.pullWorkplaces.documents).toEqual([]);
    // the same pull for a participant past registration answers the workplaces
    const other = await t.gql<{ pullWorkplaces: { documents: unknown[] } }>('participant', 'query($cp: PullCheckpointInput!) { pullWorkplaces(checkpoint: $cp) { documents } }', { cp });
    expect(other.data?.pullWorkplaces.documents.length).toBeGreaterThan(0);
  });

  it('REST routes outside the area answer 403; the menu and sign-out are reachable', async () => {
    const doc = await t.rest('aanmelder', `/api/portal/documents/${uuidv7()}`);
    expect(doc.status).toBe(403);
    expect(await doc.json()).toMatchObject({ error: 'registration_confined' });
    expect((await t.rest('aanmelder', '/api/export/participants.csv')).status).toBe(403);
    expect((await t.rest('aanmelder', '/api/navigation')).status).toBe(200);
    // the device's key share opens the sealed replica after a reload (issue 36): the area needs it too
    const share = await t.app.request('/api/device/key-share', {
      headers: { authorization: `Bearer ${await t.tokenOf('aanmelder')}`, 'x-werkpad-device': '0b7a1c52-3d4e-4f60-8a9b-0c1d2e3f4a5b' },
    });
    expect(share.status).toBe(200);
    expect(((await share.json()) as { share?: unknown }).share).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect((await t.rest('aanmelder', '/api/devices')).status).toBe(403);
    // a participant past registration is not confined by this rule
    expect((await t.rest('participant', `/api/portal/documents/${uuidv7()}`)).status).not.toBe(403);
  });

  it('a staff member impersonating the registering participant is confined too', async () => {
    const admin = await t.tokenOf('admin');
    const target = await t.userId('aanmelder');
    await t.db.query('INSERT INTO user_imitation_options (user_id, target_user_id, company_id) SELECT $1, $2, company_id FROM users WHERE id = $2 ON CONFLICT DO NOTHING', [await t.userId('admin'), target]);
    const res = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-imitate-user': String(target) },
      body: JSON.stringify({ query: '{ workplaces { records { id } } }' }),
    });
    const body = (await res.json()) as { errors?: Errors };
    expect(code(body.errors)).toBe('registration_confined');
  });
});
