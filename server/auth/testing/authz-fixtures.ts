import type { Db, Queryable } from '../../db/db';
import { createTestDb } from '../../test/db';
import type { Viewer } from '../viewer';
import { Role } from '../../../src/domain/shared/roles';

/** A fresh migrated database (PGlite, or a new database on the PostgreSQL test server). */
export function openAuthzTestDb(): Promise<Db> {
  return createTestDb();
}

export interface Fixture {
  companyId: number;
  projectA: number;
  projectB: number;
  users: Record<'admin' | 'manager' | 'coach' | 'coachAll' | 'coachProject' | 'platform' | 'participant' | 'chronos' | 'superAdmin', number>;
  participants: Record<'ofCoach' | 'ofManager' | 'inProjectB' | 'hidden' | 'own' | 'unassigned', number>;
}

async function one(db: Queryable, text: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(text, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no id from ${text}`);
  return Number(id);
}

/** One company with a user per role and participants covering every scope rule. `tag` keeps names unique. */
export async function createCompanyFixture(db: Queryable, tag: string): Promise<Fixture> {
  const companyId = await one(db, 'INSERT INTO companies (name) VALUES ($1) RETURNING id', [`Company ${tag}`]);
  await db.query('UPDATE companies SET company_id = id WHERE id = $1', [companyId]);
  const projectA = await one(db, 'INSERT INTO projects (company_id, name) VALUES ($1, $2) RETURNING id', [companyId, `A ${tag}`]);
  const projectB = await one(db, 'INSERT INTO projects (company_id, name) VALUES ($1, $2) RETURNING id', [companyId, `B ${tag}`]);
  const user = (name: string, role: number, extra: { all?: boolean; project?: number | null } = {}) =>
    one(
      db,
      `INSERT INTO users (company_id, project_id, acl_role_id, username, given_name, surname, access_to_all_participants)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [companyId, extra.project ?? null, role, `${name}_${tag}`, name, `Sur${tag}`, extra.all ?? false],
    );
  const users = {
    admin: await user('admin', Role.administrator),
    superAdmin: await user('super', Role.superAdministrator),
    manager: await user('manager', Role.manager),
    coach: await user('coach', Role.coach),
    coachAll: await user('coachall', Role.coach, { all: true }),
    coachProject: await user('coachproject', Role.coach, { all: true, project: projectA }),
    platform: await user('platform', Role.platformUser),
    participant: await user('participant', Role.participant),
    chronos: await user('chronos', Role.chronos),
  };
  const participant = (name: string, extra: { coach?: number; manager?: number; project?: number; display?: number; user?: number }) =>
    one(
      db,
      `INSERT INTO participants (company_id, project_id, user_id, firstname, lastname, coach_id, manager_id, display)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [companyId, extra.project ?? projectA, extra.user ?? null, name, `Last${tag}`, extra.coach ?? null, extra.manager ?? null, extra.display ?? 1],
    );
  const participants = {
    ofCoach: await participant('ofcoach', { coach: users.coach }),
    ofManager: await participant('ofmanager', { manager: users.manager }),
    inProjectB: await participant('inprojectb', { project: projectB }),
    hidden: await participant('hidden', { coach: users.coach, manager: users.manager, display: 2 }),
    own: await participant('own', { user: users.participant, coach: users.coach, manager: users.manager }),
    unassigned: await participant('unassigned', {}),
  };
  return { companyId, projectA, projectB, users, participants };
}

/** The Viewer the session would build for a user. */
export async function viewerFor(db: Queryable, userId: number): Promise<Viewer> {
  const { rows } = await db.query<{ company_id: number; project_id: number | null; acl_role_id: number; access_to_all_participants: boolean; participant_id: number | null }>(
    `SELECT u.company_id, u.project_id, u.acl_role_id, u.access_to_all_participants, p.id AS participant_id
       FROM users u LEFT JOIN participants p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) throw new Error(`no user ${userId}`);
  return {
    userId,
    companyId: Number(r.company_id),
    projectId: r.project_id === null ? null : Number(r.project_id),
    roleId: Number(r.acl_role_id),
    accessToAllParticipants: r.access_to_all_participants,
    participantId: r.participant_id === null ? null : Number(r.participant_id),
    realUserId: userId,
    chain: [],
    sessionId: 'test',
  };
}
