/**
 * The long fault-injection run (issue 8):
 *
 *   npm run test:faults -- --seeds 50 --clients 8 --writes 10000 [--db pglite|postgres|both] [--first 1] [--seed 7,12]
 *
 * runs tests/faults/scenario.ts for seeds first..first+seeds-1 (or the listed ones) on each database
 * (PostgreSQL: a throwaway server when Debian's postgresql is installed, else skipped with a notice;
 * WERKPAD_TEST_PG_URL uses an outside one), prints the figures of every seed and the seed of every
 * failure, and exits non-zero when any seed failed.
 */
import { parseArgs } from 'node:util';
import { startThrowawayPostgres, startThrowawayReplicaPair } from '../sync/postgres-server';
import { startPgliteFaultServer, startPostgresFaultServer, type FaultDatabase, type FaultServer } from '../sync/fault-server';
import { formatStats, runFaultSeed, type FaultRun } from './scenario';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '3' },
    first: { type: 'string', default: '1' },
    seed: { type: 'string' },
    clients: { type: 'string', default: '5' },
    writes: { type: 'string', default: '2000' },
    db: { type: 'string', default: 'both' },
  },
});
const first = Number(values.first);
const seeds = values.seed ? values.seed.split(',').map(Number) : Array.from({ length: Number(values.seeds) }, (_, i) => first + i);
const clients = Number(values.clients);
const writes = Number(values.writes);
const databases: FaultDatabase[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as FaultDatabase];

const failed: { database: string; seed: number; failures: string[] }[] = [];
const totals = new Map<string, { runs: number; ms: number; stats: Record<string, number> }>();
const started = Date.now();

for (const database of databases) {
  let server: FaultServer;
  let stopPostgres = () => undefined as void;
  if (database === 'postgres') {
    // Issue 26: a primary and a hot standby; the server reads pulls from the standby, whose replay is paused at random.
    const pg = process.env.WERKPAD_TEST_PG_URL ? await startThrowawayPostgres() : await startThrowawayReplicaPair();
    if (!pg) {
      console.log('PostgreSQL is not installed (apt-get install -y postgresql): skipping the PostgreSQL runs');
      continue;
    }
    stopPostgres = pg.stop;
    server = await startPostgresFaultServer(pg.url, 'readUrl' in pg && typeof pg.readUrl === 'string' ? { readUrl: pg.readUrl } : {});
  } else {
    server = await startPgliteFaultServer();
  }
  const total = { runs: 0, ms: 0, stats: {} as Record<string, number> };
  totals.set(database, total);
  try {
    for (const seed of seeds) {
      let run: FaultRun;
      try {
        run = await runFaultSeed(server, { seed, clients, writes });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        console.log(`FAILED ${database} seed ${seed}: ${message}`);
        failed.push({ database, seed, failures: [message] });
        continue;
      }
      total.runs++;
      total.ms += run.ms;
      for (const [key, value] of Object.entries(run.stats)) if (typeof value === 'number') total.stats[key] = (total.stats[key] ?? 0) + value;
      console.log(formatStats(run));
      if (run.failures.length > 0) {
        console.log(`FAILED ${database} seed ${seed} (replay: npm run test:faults -- --db ${database} --seed ${seed} --clients ${clients} --writes ${writes}):`);
        for (const f of run.failures.slice(0, 20)) console.log(`  ${f}`);
        failed.push({ database, seed, failures: run.failures });
      }
    }
  } finally {
    await server.close();
    stopPostgres();
  }
}

console.log(`\n${seeds.length} seeds x ${clients} clients x ${writes} writes, ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
for (const [database, total] of totals) {
  console.log(`${database}: ${total.runs} runs, ${(total.ms / 1000).toFixed(0)} s; totals ${JSON.stringify(total.stats)}`);
}
if (failed.length > 0) {
  console.log(`FAILED seeds: ${failed.map((f) => `${f.database}:${f.seed}`).join(', ')}`);
  process.exit(1);
}
console.log('all seeds passed');
process.exit(0);
