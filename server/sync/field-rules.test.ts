import { schema } from '../graph/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import { COLLECTION_NAMES, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { createSession } from '../auth/session';
import { camelCase } from './document';
import { ATTACHMENT_FILE_KIND as REGISTRY_ATTACHMENT_KIND, serverCollection } from './registry';
import { ATTACHMENT_FILE_KIND } from '../messages/mutations';
import { maskBsn, readField } from './field-rules';
import type { Viewer } from '../auth/viewer';

/**
 * Least data (issue 10): for every collection and role, the pulled documents never carry more than
 * GraphQL shows the same viewer. Where a collection has a GraphQL type with a single-row query, each
 * pulled document is compared field by field with that query's answer: a field GraphQL hides (null)
 * is null in the pull too, and the BSN is masked in the replica. Every other collection's documents
 * carry only the table's columns that are not kept on the server.
 */

let f: SyncFixture;
const roles: { label: string; token: string; userId: number }[] = [];
let participantUserId = 0;
let coachId = 0;
beforeAll(async () => {
  f = await createSyncFixture();
  coachId = f.users[1]!.id;
  const user = async (username: string, roleId: number) => {
    const { rows } = await f.db.query<{ id: number }>(
      `INSERT INTO users (company_id, acl_role_id, username, given_name, surname, personal_code, notes, experience_notes, date_of_birth)
       VALUES ($1, $2, $3, $3, 'Test', 'PC-' || $3, 'interne notitie', 'ervaring', '1980-01-02') RETURNING id`,
      [f.companyId, roleId, username],
    );
    const id = Number(rows[0]!.id);
    return { id, token: (await createSession(f.db, { id, companyId: f.companyId }, { mfaValidated: true })).token };
  };
  await f.db.query(
    "UPDATE users SET personal_code = 'PC-' || username, notes = 'interne notitie', date_of_birth = '1981-03-04', experience_coaching = 'jaren' WHERE company_id = $1",
    [f.companyId],
  );
  const manager = await user('manager-f', 3);
  const participantUser = await user('deelnemer-g', 2);
  participantUserId = participantUser.id;
  await f.db.query(
    "INSERT INTO participants (company_id, firstname, lastname, coach_id, manager_id, user_id, bsn, birthdate) VALUES ($1, 'Gijs', 'Deelnemer', $2, $3, $4, '123456782', '1999-05-06')",
    [f.companyId, coachId, manager.id, participantUser.id],
  );
  await f.db.query(
    "INSERT INTO participants (company_id, firstname, lastname, coach_id, bsn) VALUES ($1, 'Hanna', 'Ander', $2, '987654321')",
    [f.companyId, coachId],
  );
  roles.push(
    { label: 'administrator', token: f.users[0]!.token, userId: f.users[0]!.id },
    { label: 'manager', token: manager.token, userId: manager.id },
    { label: 'coach', token: f.users[1]!.token, userId: coachId },
    { label: 'participant', token: participantUser.token, userId: participantUser.id },
  );
});
afterAll(async () => {
  await f.db.close();
});

async function pullAll(token: string, name: CollectionName): Promise<ReplicaDocument[]> {
  const field = pullFieldName(name);
  let cp: Checkpoint = { seq: 0, scopeKey: null };
  const out: ReplicaDocument[] = [];
  for (;;) {
    const res = await f.graph<Record<string, PullAnswer>>(
      token,
      `query($cp: PullCheckpointInput!) { ${field}(checkpoint: $cp, limit: 1000) { documents checkpoint { seq scopeKey } reset hasMore } }`,
      { cp },
    );
    expect(res.errors, name).toBeUndefined();
    const page = res.data![field]!;
    out.push(...page.documents);
    cp = page.checkpoint;
    if (!page.hasMore) return out;
  }
}

/** Collections with a GraphQL type and a query for one row. */
const GRAPHQL_TYPES: Partial<Record<CollectionName, { type: string; query: string }>> = {
  users: { type: 'User', query: 'user' },
  participants: { type: 'Participant', query: 'participant' },
  companies: { type: 'Company', query: 'company' },
  projects: { type: 'Project', query: 'project' },
  messages: { type: 'Message', query: 'message' },
};


interface FieldShape { args: readonly unknown[]; type: { ofType?: unknown; toString(): string } }

/**
 * The scalar fields without arguments of a GraphQL type, read from the schema itself (production
 * answers no introspection). Structural checks: the test and Pothos may load graphql in two realms.
 */
function scalarFields(typeName: string): string[] {
  const type = schema.getType(typeName) as unknown as { getFields?: () => Record<string, FieldShape> } | undefined;
  expect(typeof type?.getFields).toBe('function');
  const named = (t: FieldShape['type']): FieldShape['type'] => (t.ofType ? named(t.ofType) : t);
  const isScalar = (name: string) => {
    const found = schema.getType(name) as unknown as Record<string, unknown> | undefined;
    return !!found && 'serialize' in found && !('getFields' in found) && !('getValues' in found);
  };
  return Object.entries(type?.getFields?.() ?? {})
    .filter(([, f]) => f.args.length === 0 && isScalar(String(named(f.type))))
    .map(([name]) => name);
}

describe('least data: the pull shows no viewer more than GraphQL does', () => {
  it('compares every collection for every role', async () => {
    let comparedFields = 0;
    let hiddenChecked = 0;
    for (const role of roles) {
      for (const name of COLLECTION_NAMES) {
        const docs = await pullAll(role.token, name);
        const collection = serverCollection(name);
        const { rows: cols } = await f.db.query<{ column_name: string }>(
          'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
          [collection.table],
        );
        const allowed = new Set(
          cols.map((c) => c.column_name).filter((c) => !collection.omit.includes(c) && c !== 'change_seq' && c !== 'deleted_at').map(camelCase),
        );
        allowed.add('_deleted');
        for (const doc of docs) {
          const extra = Object.keys(doc).filter((k) => !allowed.has(k));
          expect(extra, `${role.label} ${name}`).toEqual([]);
        }
        const graph = GRAPHQL_TYPES[name];
        if (!graph) continue;
        const fields = scalarFields(graph.type);
        for (const doc of docs.slice(0, 15)) {
          const res = await f.graph<Record<string, Record<string, unknown> | null>>(
            role.token,
            `query($id: ID!) { ${graph.query}(id: $id) { ${fields.join(' ')} } }`,
            { id: String(doc.id) },
          );
          expect(res.errors, `${role.label} ${name}`).toBeUndefined();
          const shown = res.data![graph.query];
          // A document in the pull's scope is one GraphQL answers too.
          expect(shown, `${role.label} ${name} ${String(doc.id)}`).not.toBeNull();
          for (const field of fields) {
            if (!(field in doc)) continue;
            const pulled = doc[field];
            const answered = shown![field];
            comparedFields++;
            if (answered === null || answered === undefined) {
              hiddenChecked++;
              expect(pulled ?? null, `${role.label} ${name}.${field}`).toBeNull();
            } else if (field === 'bsn') {
              // GraphQL may show the full number (an explicit reveal) or mask it; the replica always masks.
              const text = typeof answered === 'string' ? answered : JSON.stringify(answered);
              const expected = text.includes('*') ? text : maskBsn(text);
              expect(pulled, `${role.label} ${name}.bsn`).toBe(expected);
            }
          }
        }
      }
    }
    expect(comparedFields).toBeGreaterThan(100);
    expect(hiddenChecked).toBeGreaterThan(10);
    // Several hundred requests in a row: about 15 s on a quiet machine, over a minute on a loaded one.
  }, 240_000);

  it('hides users\' private fields from other staff, shows them to administrators and the user', async () => {
    const coach = roles.find((r) => r.label === 'coach')!;
    const admin = roles.find((r) => r.label === 'administrator')!;
    const byCoach = await pullAll(coach.token, 'users');
    const own = byCoach.find((u) => u.id === coach.userId)!;
    const other = byCoach.find((u) => u.id === admin.userId)!;
    expect(own.personalCode).toBe('PC-coach-b');
    expect(own.notes).toBe('interne notitie');
    for (const field of ['personalCode', 'notes', 'experienceCoaching', 'dateOfBirth', 'sbbUserCode', 'experienceNotes', 'settings']) {
      expect(other[field] ?? null, field).toBeNull();
    }
    const byAdmin = await pullAll(admin.token, 'users');
    expect(byAdmin.find((u) => u.id === coach.userId)?.personalCode).toBe('PC-coach-b');
  });

  it('masks the BSN to its last three digits in every replica, the participant\'s own too', async () => {
    for (const role of roles) {
      const docs = await pullAll(role.token, 'participants');
      const gijs = docs.find((d) => d.firstname === 'Gijs');
      expect(gijs, role.label).toBeDefined();
      expect(gijs!.bsn, role.label).toBe('******782');
      expect(docs.some((d) => typeof d.bsn === 'string' && /\d{4}/.test(d.bsn)), role.label).toBe(false);
    }
    expect(readField('participants', 'bsn', { userId: 1 } as Viewer, { bsn: '123456782' })).toBe('******782');
  });

  it('shows an attachment not yet sent to its uploader only; once sent, to the recipient too', async () => {
    expect(REGISTRY_ATTACHMENT_KIND).toBe(ATTACHMENT_FILE_KIND);
    const admin = roles.find((r) => r.label === 'administrator')!;
    const coach = roles.find((r) => r.label === 'coach')!;
    const { rows } = await f.db.query<{ uuid: string }>(
      `INSERT INTO files (company_id, kind, name, mime, size, storage_key, user_id)
       VALUES ($1, $2, 'verslag.pdf', 'application/pdf', 10, 'k1', $3) RETURNING uuid`,
      [f.companyId, ATTACHMENT_FILE_KIND, coach.userId],
    );
    const uuid = rows[0]!.uuid;
    expect((await pullAll(coach.token, 'files')).map((d) => d.uuid)).toContain(uuid);
    expect((await pullAll(admin.token, 'files')).map((d) => d.uuid)).not.toContain(uuid);
    const message = await f.db.query<{ id: number }>(
      "INSERT INTO messages (company_id, sender_user_id, recipient_user_id, subject, body) VALUES ($1, $2, $3, 'Verslag', 'Zie bijlage') RETURNING id",
      [f.companyId, coach.userId, admin.userId],
    );
    await f.db.query('UPDATE files SET message_id = $2 WHERE uuid = $1', [uuid, message.rows[0]!.id]);
    expect((await pullAll(admin.token, 'files')).map((d) => d.uuid)).toContain(uuid);
    expect(participantUserId).toBeGreaterThan(0);
  });
});
