import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { Role } from '../../src/domain/shared/roles';
import { createCompanyFixture, openAuthzTestDb, type Fixture } from './testing/authz-fixtures';
import { createSession } from './session';
import { authenticate } from './authenticate';

let db: Db;
let one: Fixture;

beforeAll(async () => {
  db = await openAuthzTestDb();
  one = await createCompanyFixture(db, 'roles');
});
afterAll(async () => {
  await db.close();
});

/** A user of a company-defined role with this parent, signed in: the Viewer the server builds. */
async function viewerWithCompanyRole(parentRoleId: number, name: string) {
  const { rows: role } = await db.query<{ id: number }>(
    "INSERT INTO acl_roles (role, label, parent_role_id, company_id) VALUES ($1, $1, $2, $3) RETURNING id",
    [name, parentRoleId, one.companyId],
  );
  const { rows: user } = await db.query<{ id: number }>(
    'INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, $2, $3, $3, $3) RETURNING id',
    [one.companyId, Number(role[0]!.id), name],
  );
  const { token } = await createSession(db, { id: Number(user[0]!.id), companyId: one.companyId }, { mfaValidated: true });
  return authenticate(db, new Request('http://werkpad.test/api/v2/graph', { headers: { authorization: `Bearer ${token}` } }));
}

describe('company-defined roles (01 §7, issue 13)', () => {
  it('get exactly the rights of their parent role', async () => {
    expect((await viewerWithCompanyRole(Role.coach, 'werkmeester'))?.roleId).toBe(Role.coach);
    expect((await viewerWithCompanyRole(Role.manager, 'casemanager-plus'))?.roleId).toBe(Role.manager);
  });
  it('never more: a parent that may not be handed out gives platform-user rights', async () => {
    expect((await viewerWithCompanyRole(Role.superAdministrator, 'stiekem'))?.roleId).toBe(Role.platformUser);
  });
});
