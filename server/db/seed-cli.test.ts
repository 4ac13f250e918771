import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db';
import { seedDemoIfEmpty } from './seed';
import { seedBulk } from './demo-data/bulk';
import { createTestDb } from '../test/db';

let db: Db;
const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  (await db.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoIfEmpty(db);
});
afterAll(async () => {
  await db.close();
});

describe('bulk generator (npm run seed)', () => {
  it('adds the requested counts to the demo company in the demo coach’s caseload', async () => {
    const tables = ['participants', 'messages', 'work_plans', 'reviews'] as const;
    const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(`SELECT count(*)::int AS n FROM ${t}`)] as const)));
    const result = await seedBulk(db, { participants: 40, messages: 55, workPlans: 12, reviews: 30 });
    expect(result).toMatchObject({ participants: 40, messages: 55, workPlans: 12, reviews: 30 });
    expect(result.reviewScores).toBeGreaterThan(30);
    expect(await count('SELECT count(*)::int AS n FROM participants')).toBe((before.participants ?? 0) + 40);
    expect(await count('SELECT count(*)::int AS n FROM messages')).toBe((before.messages ?? 0) + 55);
    expect(await count('SELECT count(*)::int AS n FROM work_plans')).toBe((before.work_plans ?? 0) + 12);
    expect(await count('SELECT count(*)::int AS n FROM reviews')).toBe((before.reviews ?? 0) + 30);

    const demo = await count("SELECT id AS n FROM companies WHERE name = 'Demo Werkbedrijf'");
    expect(result.companyId).toBe(demo);
    expect(await count("SELECT count(*)::int AS n FROM participants p JOIN users u ON u.id = p.coach_id WHERE u.username = 'coach'")).toBe(15 + 40);
    // replies point at a message of the same thread
    expect(await count(
      'SELECT count(*)::int AS n FROM messages m JOIN messages r ON r.id = m.parent_message_id WHERE m.participant_id IS DISTINCT FROM r.participant_id',
    )).toBe(0);
  });

  it('can add reviews alone, on assignments already there, and runs again without clashes', async () => {
    const result = await seedBulk(db, { participants: 3, messages: 0, workPlans: 0, reviews: 5 });
    expect(result).toMatchObject({ participants: 3, messages: 0, workPlans: 0, reviews: 5 });
  });

  it('refuses an unknown company', async () => {
    await expect(seedBulk(db, { participants: 1, messages: 0, workPlans: 0, reviews: 0, companyId: 999_999 })).rejects.toThrow(/not found/);
  });
});
