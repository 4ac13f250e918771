import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { withTestStandby } from '../test/replica';
import { createSession } from '../auth/session';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';

export interface SyncFixture {
  db: Db;
  app: Hono;
  companyId: number;
  otherCompanyId: number;
  /** Users with a bearer token each: an administrator and a coach of the first company, an administrator of the other. */
  users: { id: number; companyId: number; token: string }[];
  graph<T = Record<string, unknown>>(token: string, query: string, variables?: Record<string, unknown>): Promise<{
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  }>;
}

/** A fresh database: PGlite in memory, or a new database on the test PostgreSQL server (WERKPAD_TEST_PG_URL). */
export async function openFreshDb(): Promise<Db> {
  const url = process.env.WERKPAD_TEST_PG_URL;
  if (!url) return openDb({});
  const name = `sync_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = openDb({ databaseUrl: url });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return withTestStandby(openDb({ databaseUrl: target.toString() }), name);
}

export function createTestApp(db: Db): Hono {
  return createApp({ db, config: { ...loadConfig({}), production: false, seedDemo: false } });
}

/**
 * The fixture on PGlite files in `dataDir`, with `restart()`: closes the database and opens it again
 * with a new app, as a server process restart does (the fault-injection test).
 */
export async function createRestartableSyncFixture(dataDir: string): Promise<SyncFixture & { restart(): Promise<void> }> {
  const fixture = await createSyncFixture(openDb({ dataDir }));
  return Object.assign(fixture, {
    async restart() {
      await fixture.db.close();
      fixture.db = openDb({ dataDir });
      await migrate(fixture.db);
      fixture.app = createTestApp(fixture.db);
    },
  });
}

/** A migrated database with two companies, users and sessions, and the app on it. */
export async function createSyncFixture(given?: Db): Promise<SyncFixture> {
  const db = given ?? (await openFreshDb());
  await migrate(db);
  const company = async (name: string) =>
    Number((await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0]?.id);
  const companyId = await company('Sync BV');
  const otherCompanyId = await company('Ander BV');
  const user = async (cid: number, username: string, roleId: number) => {
    const id = Number(
      (
        await db.query<{ id: number }>(
          'INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, $2, $3, $3, $4) RETURNING id',
          [cid, roleId, username, 'Test'],
        )
      ).rows[0]?.id,
    );
    const { token } = await createSession(db, { id, companyId: cid }, { mfaValidated: true });
    return { id, companyId: cid, token };
  };
  const users = [await user(companyId, 'admin-a', 7), await user(companyId, 'coach-b', 4), await user(otherCompanyId, 'admin-c', 7)];
  const fixture: SyncFixture = {
    db,
    app: createTestApp(db),
    companyId,
    otherCompanyId,
    users,
    async graph(token, query, variables = {}) {
      const res = await fixture.app.request('/api/v2/graph', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as never;
    },
  };
  return fixture;
}

/**
 * For a suite run against a PostgreSQL primary with a hot standby (WERKPAD_TEST_DB=postgres-replica): registers the
 * hooks that build the fixture and open an admin connection to the standby (to pause and resume its replay), and
 * closes both after the suite (a test pauses replay only inside whileReplayPaused, which resumes it). Read `fx.f` / `fx.standbyAdmin` inside tests and hooks.
 */
export function standbySuite(): { f: SyncFixture; standbyAdmin: Db } {
  const fx = {} as { f: SyncFixture; standbyAdmin: Db };
  beforeAll(async () => {
    fx.f = await createSyncFixture();
    fx.standbyAdmin = openDb({ databaseUrl: process.env.WERKPAD_TEST_PG_READ_URL! });
  });
  afterAll(async () => {
    await fx.standbyAdmin.close();
    await fx.f.db.close();
  });
  return fx;
}
