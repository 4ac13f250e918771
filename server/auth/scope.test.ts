import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { run, sql } from '../db/sql';
import { companiesScope, participantsScope, projectsScope, scopeOf, tableScopes, usersScope, type ScopeFn } from './scope';
import { createCompanyFixture, openAuthzTestDb, viewerFor, type Fixture } from './testing/authz-fixtures';

let db: Db;
let one: Fixture;
let two: Fixture;

beforeAll(async () => {
  db = await openAuthzTestDb();
  one = await createCompanyFixture(db, 'one');
  two = await createCompanyFixture(db, 'two');
});
afterAll(async () => {
  await db.close();
});

async function visible(table: string, scope: ScopeFn, userId: number): Promise<number[]> {
  const viewer = await viewerFor(db, userId);
  const { rows } = await run<{ id: number }>(db, sql`SELECT t.id FROM ${rawTable(table)} t WHERE ${scope(viewer, 't')} ORDER BY t.id`);
  return rows.map((r) => Number(r.id));
}
function rawTable(table: string) {
  return sql([table]);
}

describe('participantsScope', () => {
  const cases: [string, keyof Fixture['users'], (f: Fixture) => number[]][] = [
    ['administrator sees the whole company, hidden too', 'admin', (f) => Object.values(f.participants)],
    ['super administrator is bound to their company as well', 'superAdmin', (f) => Object.values(f.participants)],
    ['chronos reads the whole company', 'chronos', (f) => Object.values(f.participants)],
    ['coach sees the visible participants they coach', 'coach', (f) => [f.participants.ofCoach, f.participants.own]],
    ['manager sees their caseload, hidden included', 'manager', (f) => [f.participants.ofManager, f.participants.hidden, f.participants.own]],
    [
      'coach with access to all sees every visible participant',
      'coachAll',
      (f) => [f.participants.ofCoach, f.participants.ofManager, f.participants.inProjectB, f.participants.own, f.participants.unassigned],
    ],
    [
      'project-bound coach with access to all sees only their project',
      'coachProject',
      (f) => [f.participants.ofCoach, f.participants.ofManager, f.participants.own, f.participants.unassigned],
    ],
    ['platform user without caseload sees nobody', 'platform', () => []],
    ['participant sees only their own row', 'participant', (f) => [f.participants.own]],
  ];
  it.each(cases)('%s', async (_name, who, expected) => {
    for (const f of [one, two]) {
      const ids = await visible('participants', participantsScope, f.users[who]);
      expect(ids).toEqual(expected(f).sort((a, b) => a - b));
    }
  });

  it('a caseload transfer moves the participant out of the old coach scope', async () => {
    const before = await visible('participants', participantsScope, one.users.coach);
    expect(before).toContain(one.participants.ofCoach);
    await db.query('UPDATE participants SET coach_id = $1 WHERE id = $2', [one.users.coachAll, one.participants.ofCoach]);
    const after = await visible('participants', participantsScope, one.users.coach);
    expect(after).not.toContain(one.participants.ofCoach);
    await db.query('UPDATE participants SET coach_id = $1 WHERE id = $2', [one.users.coach, one.participants.ofCoach]);
  });

  it('hiding a participant takes it out of a coach scope', async () => {
    await db.query('UPDATE participants SET display = 2 WHERE id = $1', [one.participants.ofCoach]);
    expect(await visible('participants', participantsScope, one.users.coach)).not.toContain(one.participants.ofCoach);
    await db.query('UPDATE participants SET display = 1 WHERE id = $1', [one.participants.ofCoach]);
  });
});

describe('usersScope', () => {
  it('never crosses companies', async () => {
    for (const who of Object.keys(one.users) as (keyof Fixture['users'])[]) {
      const ids = await visible('users', usersScope, one.users[who]);
      for (const id of Object.values(two.users)) expect(ids).not.toContain(id);
    }
  });
  it('participant sees themselves, their coach and manager', async () => {
    expect(await visible('users', usersScope, one.users.participant)).toEqual(
      [one.users.participant, one.users.coach, one.users.manager].sort((a, b) => a - b),
    );
  });
  it('coach sees staff and the participant users of their caseload', async () => {
    const ids = await visible('users', usersScope, one.users.coach);
    expect(ids).toContain(one.users.admin);
    expect(ids).toContain(one.users.participant);
  });
  it('platform user does not see participant users outside their caseload', async () => {
    const ids = await visible('users', usersScope, one.users.platform);
    expect(ids).not.toContain(one.users.participant);
    expect(ids).toContain(one.users.manager);
  });
});

describe('companies and projects', () => {
  it('companies: only the own company', async () => {
    expect(await visible('companies', companiesScope, one.users.admin)).toEqual([one.companyId]);
    expect(await visible('companies', companiesScope, two.users.participant)).toEqual([two.companyId]);
  });
  it('projects: project-bound staff see their project only', async () => {
    expect(await visible('projects', projectsScope, one.users.admin)).toEqual([one.projectA, one.projectB]);
    expect(await visible('projects', projectsScope, one.users.coachProject)).toEqual([one.projectA]);
  });
});

describe('tableScopes', () => {
  it('covers every table that holds company data', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'company_id' ORDER BY table_name`,
    );
    const missing = rows.map((r) => r.table_name).filter((t) => !(t in tableScopes));
    expect(missing).toEqual([]);
  });

  it('every scope is valid SQL for every role and never reaches the other company', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'company_id'`,
    );
    for (const { table_name: table } of rows) {
      for (const who of Object.keys(one.users) as (keyof Fixture['users'])[]) {
        const viewer = await viewerFor(db, one.users[who]);
        const res = await run<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM ${sql([table])} t WHERE ${scopeOf(table)(viewer, 't')} AND t.company_id IS DISTINCT FROM ${one.companyId} AND t.company_id IS NOT NULL`,
        );
        expect(res.rows[0]?.n, `${table} as ${who}`).toBe(0);
      }
    }
  });
});
