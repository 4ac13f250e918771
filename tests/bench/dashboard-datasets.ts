/**
 * Dashboard datasets on PostgreSQL (issue 22): a throwaway PostgreSQL seeded with the demo and, on top,
 * 10,000 participants and 50,000 work plans (`npm run seed`'s bulk seed); then each dataset of a set of
 * typical widgets is computed the way POST graph/datasets computes it (computeGraph: the options and ONE
 * aggregate query per dataset) for an administrator, a manager and a coach; the p95 over all of them is
 * `dashboardDatasetP95Ms` (target < 200 ms).
 * Standalone: node --import tsx tests/bench/dashboard-datasets.ts [--quick]
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import startTestPostgres from '../setup/postgres';
import { openDb, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { seedDemoIfEmpty } from '../../server/db/seed';
import { seedBulk } from '../../server/db/demo-data/bulk';
import { computeGraph } from '../../server/dashboards/datasets';
import type { Viewer } from '../../server/auth/viewer';
import type { DatasetRequest } from '../../src/domain/dashboards/inputs';

export interface DashboardBenchResult {
  participants: number;
  workPlans: number;
  p50Ms: number;
  p95Ms: number;
  perDataset: { name: string; viewer: string; p95Ms: number }[];
}

const GRAPHS: { name: string; type: 'bar' | 'pie' | 'table'; graph: DatasetRequest['graph'] }[] = [
  { name: 'participants per status per month', type: 'bar', graph: { subject: 'participant', datasets: [{ label: '', operation: 'count', property: 'timeRegistered', grouping: 'month', series: 'status', filters: [] }], axes: { x: 'timeRegistered', y: 'count' } } },
  { name: 'participants per project', type: 'pie', graph: { subject: 'participant', datasets: [{ label: '', operation: 'count', property: 'project', grouping: 'none', filters: [] }], axes: { x: 'project', y: 'count' } } },
  { name: 'work plans per status', type: 'pie', graph: { subject: 'work-plan', datasets: [{ label: '', operation: 'count', property: 'status', grouping: 'none', filters: [] }], axes: { x: 'status', y: 'count' } } },
  { name: 'running plan days per coach', type: 'table', graph: { subject: 'work-plan', datasets: [{ label: '', operation: 'sum', sumProperty: 'durationDays', property: 'coach', grouping: 'none', filters: [{ property: 'status', comparison: 'eq', value: 'running' }] }], axes: { x: 'coach', y: 'durationDays' } } },
  { name: 'plans started per week', type: 'bar', graph: { subject: 'work-plan', datasets: [{ label: '', operation: 'count', property: 'startDate', grouping: 'week', filters: [{ property: 'startDate', comparison: 'gt', value: '2020-01-01' }] }], axes: { x: 'startDate', y: 'count' } } },
  { name: 'sign-ins per week', type: 'bar', graph: { subject: 'login', datasets: [{ label: '', operation: 'count', property: 'time', grouping: 'week', filters: [] }], axes: { x: 'time', y: 'count' } } },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;

export async function measureDashboardDatasets(opts: { participants?: number; workPlans?: number; runs?: number; log?: (line: string) => void } = {}): Promise<DashboardBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const participants = opts.participants ?? 10_000;
  const workPlans = opts.workPlans ?? 50_000;
  const runs = opts.runs ?? 30;
  const saved = { db: process.env.WERKPAD_TEST_DB, url: process.env.WERKPAD_TEST_PG_URL };
  process.env.WERKPAD_TEST_DB = 'postgres';
  delete process.env.WERKPAD_TEST_PG_URL;
  const teardown = await startTestPostgres();
  // read through a plain record: TypeScript keeps the `delete` above as narrowing process.env's property to undefined
  const env: Record<string, string | undefined> = process.env;
  const serverUrl = env.WERKPAD_TEST_PG_URL;
  if (saved.db === undefined) delete process.env.WERKPAD_TEST_DB;
  else process.env.WERKPAD_TEST_DB = saved.db;
  if (saved.url === undefined) delete process.env.WERKPAD_TEST_PG_URL;
  else process.env.WERKPAD_TEST_PG_URL = saved.url;
  if (!serverUrl) throw new Error('no PostgreSQL');
  const name = `werkpad_dash_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db: Db = openDb({ databaseUrl: serverUrl.replace(/\/[^/]*$/, `/${name}`) });
  try {
    await migrate(db);
    await seedDemoIfEmpty(db);
    log(`seeding PostgreSQL for the dashboards: ${participants} participants, ${workPlans} work plans`);
    const seeded = await seedBulk(db, { participants, messages: 0, workPlans, reviews: 0 });
    // sign-ins to count: one per participant user and a few per staff member, over the last year
    await db.query(
      `INSERT INTO audit_log (company_id, user_id, action, created_at)
       SELECT u.company_id, u.id, 'login.success', now() - (random() * 365) * interval '1 day' FROM users u, generate_series(1, 3) WHERE u.company_id = $1`,
      [seeded.companyId],
    );
    await db.query('ANALYZE');
    const viewers: { label: string; viewer: Viewer }[] = [];
    for (const [label, id] of [['administrator', null], ['manager', seeded.managerId], ['coach', seeded.coachId]] as const) {
      const { rows } = await db.query<{ id: number; company_id: number; project_id: number | null; acl_role_id: number; access_to_all_participants: boolean }>(
        id === null
          ? 'SELECT id, company_id, project_id, acl_role_id, access_to_all_participants FROM users WHERE company_id = $1 AND acl_role_id = 7 ORDER BY id LIMIT 1'
          : 'SELECT id, company_id, project_id, acl_role_id, access_to_all_participants FROM users WHERE company_id = $1 AND id = $2',
        id === null ? [seeded.companyId] : [seeded.companyId, id],
      );
      const u = rows[0];
      if (!u) continue;
      viewers.push({
        label,
        viewer: { userId: Number(u.id), companyId: Number(u.company_id), projectId: u.project_id === null ? null : Number(u.project_id), roleId: Number(u.acl_role_id), accessToAllParticipants: u.access_to_all_participants, participantId: null, realUserId: Number(u.id), chain: [], sessionId: 'bench' },
      });
    }
    const all: number[] = [];
    const perDataset: DashboardBenchResult['perDataset'] = [];
    for (const { label, viewer } of viewers) {
      for (const g of GRAPHS) {
        const request: DatasetRequest = { dashboardId: 1, type: g.type, graph: g.graph };
        await computeGraph(db, viewer, request); // warm-up
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await computeGraph(db, viewer, request);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        all.push(...times);
        perDataset.push({ name: g.name, viewer: label, p95Ms: Math.round(pct(times, 0.95) * 10) / 10 });
      }
    }
    all.sort((a, b) => a - b);
    return { participants, workPlans, p50Ms: Math.round(pct(all, 0.5) * 10) / 10, p95Ms: Math.round(pct(all, 0.95) * 10) / 10, perDataset };
  } finally {
    await db.close();
    teardown?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } });
  const result = await measureDashboardDatasets(values.quick ? { participants: 2_000, workPlans: 10_000, runs: 10 } : {});
  for (const d of result.perDataset) console.log(`${d.viewer.padEnd(14)} ${d.name.padEnd(38)} p95 ${d.p95Ms} ms`);
  console.log(`dashboardDatasetP95Ms ${result.p95Ms} (p50 ${result.p50Ms}) with ${result.participants} participants, ${result.workPlans} work plans`);
}
