import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { createAuthTestDb, insertAuthFixtures, type AuthFixtures } from '../test/auth';
import { createSession } from './session';
import { purgeStaleAuthRows } from './housekeeping';

let db: Db;
let fx: AuthFixtures;
beforeAll(async () => {
  db = await createAuthTestDb();
  fx = await insertAuthFixtures(db);
});
afterAll(async () => {
  await db.close();
});

describe('purgeStaleAuthRows', () => {
  it('removes long-expired sessions and old counters, keeps live ones and locks', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const old = new Date('2026-04-01T12:00:00Z');
    const user = { id: fx.users.coach, companyId: fx.companyA };
    await createSession(db, user, {}, { now: () => old, sessionTtlMs: 60_000, sessionMaxMs: 60_000 });
    const live = await createSession(db, user, {}, { now: () => now, sessionTtlMs: 60_000, sessionMaxMs: 60_000 });
    await db.query(
      `INSERT INTO login_throttle (kind, key, failures, window_started_at, locked_until) VALUES
         ('account', 'old', 2, $1, NULL), ('account', 'locked', 5, $1, $2), ('account', 'recent', 1, $3, NULL)`,
      [old, new Date(now.getTime() + 60_000), now],
    );
    await purgeStaleAuthRows(db, now);
    const sessions = await db.query<{ id: string }>('SELECT id FROM sessions');
    expect(sessions.rows.map((r) => r.id)).toEqual([live.sessionId]);
    const keys = await db.query<{ key: string }>('SELECT key FROM login_throttle ORDER BY key');
    expect(keys.rows.map((r) => r.key)).toEqual(['locked', 'recent']);
  });
});
