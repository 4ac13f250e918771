/**
 * npm run bench (issue 4): seeds 2,000 participants, 20,000 messages, 2,000 work plans with 20,000
 * reviews (and 2,000 measurements) into an embedded database, starts the real server, and measures
 * in headless Chromium: first full sync, raw bulkPut of the same documents, navigation to a rendered
 * list of 2,000 participants from the replica vs over a 300 ms-latency network, the p95 of each
 * screen's replica query, and the time for 1,000 queued writes to drain after reconnect.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { openDb } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { createSession } from '../../server/auth/session';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const SIZES = { participants: 2_000, messages: 20_000, workPlans: 2_000, reviews: 20_000, measurements: 2_000 };

async function seed(db: ReturnType<typeof openDb>): Promise<{ companyId: number; userId: number; token: string }> {
  const one = async (q: string, p: unknown[] = []) => Number((await db.query<{ id: number }>(q, p)).rows[0]?.id);
  const companyId = await one("INSERT INTO companies (name) VALUES ('Bench BV') RETURNING id");
  const userId = await one(
    "INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, 4, 'bench-coach', 'Bram', 'Bench') RETURNING id",
    [companyId],
  );
  const workOrder = await one("INSERT INTO work_orders (company_id, name) VALUES ($1, 'Order') RETURNING id", [companyId]);
  const first = ['Anna', 'Bram', 'Cor', 'Dewi', 'Emre', 'Fleur', 'Gijs', 'Hanna', 'Ilse', 'Joost'];
  const last = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder', 'Bos', 'Vos', 'Peters', 'Hendriks', 'Dekker'];
  await db.query(
    `INSERT INTO participants (company_id, firstname, lastname, coach_id, manager_id, status_id)
     SELECT $1, ($3::text[])[1 + g % 10], ($4::text[])[1 + (g / 10) % 12] || ' ' || g, $2, $2, g % 20
       FROM generate_series(1, $5) g`,
    [companyId, userId, first, last, SIZES.participants],
  );
  const pIds = `(SELECT array_agg(id ORDER BY id) FROM participants WHERE company_id = ${companyId})`;
  await db.query(
    `INSERT INTO messages (company_id, sender_participant_id, recipient_user_id, participant_id, subject, body, read, created_at)
     SELECT $1, p.ids[1 + g % $3], $2, p.ids[1 + g % $3], 'Bericht ' || g, 'Tekst van bericht ' || g, g % 3 = 0,
            now() - (g || ' minutes')::interval
       FROM generate_series(1, $4) g, ${pIds} AS p(ids)`,
    [companyId, userId, SIZES.participants, SIZES.messages],
  );
  await db.query(
    `INSERT INTO work_plans (company_id, participant_id, name, status, coach_id)
     SELECT $1, p.ids[1 + g % $3], 'Werkplan ' || g, (ARRAY['to_start', 'running'])[1 + g % 2], $2
       FROM generate_series(1, $4) g, ${pIds} AS p(ids)`,
    [companyId, userId, SIZES.participants, SIZES.workPlans],
  );
  await db.query(
    `INSERT INTO assignments (company_id, work_plan_id, work_order_id, participant_id)
     SELECT company_id, id, $2, participant_id FROM work_plans WHERE company_id = $1`,
    [companyId, workOrder],
  );
  await db.query(
    `INSERT INTO reviews (company_id, assignment_id, participant_id, user_id, score, top, tip)
     SELECT a.company_id, a.id, a.participant_id, $2, 1 + g % 3, 'Goed gedaan', 'Let op tempo'
       FROM assignments a, generate_series(1, $3) g WHERE a.company_id = $1`,
    [companyId, userId, SIZES.reviews / SIZES.workPlans],
  );
  await db.query(
    `INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, created_at)
     SELECT $1, p.ids[1 + g % $3], $2, now() - (g || ' hours')::interval FROM generate_series(1, $4) g, ${pIds} AS p(ids)`,
    [companyId, userId, SIZES.participants, SIZES.measurements],
  );
  const { token } = await createSession(db, { id: userId, companyId }, { mfaValidated: true });
  return { companyId, userId, token };
}

const ENTRY = `
import { firstSync, rawBulkPut, drainAfterReconnect } from './workers/bench/replica-bench';
import { inbox, searchParticipants, workPlansOfCoach, measurementsOfParticipant } from './src/lib/replica/queries';
import { replicaReader } from './src/lib/replica/replica-db';
import { Dexie } from 'dexie';

const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]; };
async function time(n, fn) { const out = []; for (let i = 0; i < n; i++) { const t = performance.now(); await fn(i); out.push(performance.now() - t); } return out; }

window.bench = {
  async sync(session) {
    const { replica, figures } = await firstSync(session);
    const raw = await rawBulkPut(replica);
    const reader = replicaReader(session);
    const coachId = session.userId;
    const participants = await reader.docs('participants').limit(200).toArray();
    const queries = {
      inboxNewestFirst: p95(await time(100, () => inbox(reader, 'u:' + coachId, 50))),
      participantSearch: p95(await time(100, (i) => searchParticipants(reader, ['an', 'bram', 'de v', 'jansen 1', 'c'][i % 5], 50))),
      workPlansOfCoach: p95(await time(100, (i) => workPlansOfCoach(reader, coachId, i % 2 ? 'running' : 'to_start'))),
      measurementsOfParticipant: p95(await time(100, (i) => measurementsOfParticipant(reader, participants[i % participants.length].id))),
    };
    const counts = {};
    for (const name of ['participants', 'messages', 'workPlans', 'assignments', 'reviews', 'wageValueMeasurements']) counts[name] = await reader.docs(name).count();
    const drain = await drainAfterReconnect(replica, 1000);
    return { figures, raw, queries, counts, drain };
  },
  async renderList(source, session) {
    let rows;
    if (source === 'replica') {
      const reader = replicaReader(session);
      rows = await reader.docs('participants').orderBy('nameLower').limit(2000).toArray();
    } else {
      const res = await fetch('/api/v2/graph', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query($cp: PullCheckpointInput!) { pullParticipants(checkpoint: $cp, limit: 2000) { documents } }', variables: { cp: { seq: 0 } } }) });
      rows = (await res.json()).data.pullParticipants.documents;
    }
    const ul = document.createElement('ul');
    for (const r of rows) { const li = document.createElement('li'); li.textContent = r.lastname + ', ' + r.firstname; ul.appendChild(li); }
    document.body.appendChild(ul);
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { rows: rows.length, ms: performance.now() };
  },
};
`;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-bench-'));
  const db = openDb({ dataDir: path.join(dir, 'pglite') });
  await migrate(db);
  const t0 = performance.now();
  const who = await seed(db);
  console.log(`Seeded in ${Math.round(performance.now() - t0)} ms: ${JSON.stringify(SIZES)}`);
  const bundle = await build({
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'bench-entry.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const app = createApp({ db, config: { ...loadConfig({}), production: true, seedDemo: false } });
  const html = '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/bench/bench.js"></script>';
  const server = serve({
    port: 0,
    fetch: (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/bench/bench.js') return new Response(js, { headers: { 'content-type': 'text/javascript' } });
      if (url.pathname.startsWith('/bench/')) return new Response(html, { headers: { 'content-type': 'text/html' } });
      return app.fetch(req);
    },
  });
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'access_token', value: who.token, url: base }]);
    const session = { companyId: who.companyId, userId: who.userId };
    const page = await context.newPage();
    await page.goto(`${base}/bench/sync`);
    await page.waitForFunction(() => 'bench' in window);
    type SyncResult = {
      figures: { ms: number; documents: number; perSecond: number };
      raw: { ms: number; documents: number };
      queries: Record<string, number>;
      counts: Record<string, number>;
      drain: { ms: number; count: number };
    };
    const result = await page.evaluate((s) => (window as unknown as { bench: { sync(s: unknown): Promise<SyncResult> } }).bench.sync(s), session);

    const renderOnce = async (source: 'replica' | 'network', latency: number) => {
      const p = await context.newPage();
      const cdp = await context.newCDPSession(p);
      await cdp.send('Network.enable');
      if (latency) {
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
      }
      await p.goto(`${base}/bench/list`);
      await p.waitForFunction(() => 'bench' in window);
      const out = await p.evaluate(
        ([src, s]) => (window as unknown as { bench: { renderList(a: unknown, b: unknown): Promise<{ rows: number; ms: number }> } }).bench.renderList(src, s),
        [source, session] as const,
      );
      await p.close();
      return out;
    };
    const fromReplica = await renderOnce('replica', 0);
    const fromNetwork = await renderOnce('network', 300);

    const r = (n: number) => Math.round(n);
    console.log('\nWerkpad sync benchmark (Chromium headless, embedded PGlite server)');
    console.log(`documents in the replica: ${JSON.stringify(result.counts)}`);
    console.log(`first full sync:          ${r(result.figures.ms)} ms for ${result.figures.documents} documents = ${r(result.figures.perSecond)} docs/s`);
    console.log(`raw Dexie bulkPut:        ${r(result.raw.ms)} ms for ${result.raw.documents} documents = ${r((result.raw.documents / result.raw.ms) * 1000)} docs/s`);
    console.log(`sync / raw ratio:         ${(result.figures.ms / result.raw.ms).toFixed(1)}x`);
    console.log(`participant list (2,000): replica ${r(fromReplica.ms)} ms from navigation (${fromReplica.rows} rows); network at 300 ms latency ${r(fromNetwork.ms)} ms (${fromNetwork.rows} rows)`);
    for (const [name, ms] of Object.entries(result.queries)) console.log(`p95 ${name.padEnd(26)} ${ms.toFixed(2)} ms`);
    console.log(`1,000 queued writes drained after reconnect in ${r(result.drain.ms)} ms (${r((result.drain.count / result.drain.ms) * 1000)} writes/s)`);
  } finally {
    await browser.close();
    server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
