/**
 * Fault injection (issue 8, tests/faults/scenario.ts): simulated clients create, edit (the same
 * documents from several clients, both fields), bump and delete sync probes and edit participants
 * while the administrator moves participants between coaches, the network drops requests, loses
 * answers and delivers twice, the server process is killed with SIGKILL while it holds a push and
 * started again on the same database (PostgreSQL: server/main.ts; PGlite: the same app on the same
 * data directory, tests/sync/pglite-fault-server.ts), a client worker dies mid-drain and probes
 * move to another owner. Afterwards every accepted write is on the server exactly once, every field
 * holds its last accepted edit and every replica equals the server's view of its scope.
 *
 * Runs on PGlite and on a throwaway PostgreSQL (Debian's postgresql; skipped with a notice when it
 * is not installed). `npm test` runs the size, 3 seeds x 5 clients x 2,000 writes on each
 * database (about 20-30 s a seed on a quiet 2-core machine; on the shared machine at load 12-14 it
 * took 10-13 minutes per database, figures in docs/decisions-sync.md, "Fault injection", "Runs").
 * Quicker: SYNC_FAULT_WRITES=300; one database: SYNC_FAULT_DB=pglite|postgres; replay seeds:
 * SYNC_FAULT_SEEDS=7,12; more clients: SYNC_FAULT_CLIENTS=8.
 * The long run: npm run test:faults -- --seeds 50 --clients 8 --writes 10000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../tests/sync/postgres-server';
import { startPgliteFaultServer, startPostgresFaultServer, type FaultDatabase, type FaultServer } from '../tests/sync/fault-server';
import { formatStats, INJECTED, runFaultSeed } from '../tests/faults/scenario';

const SEEDS = (process.env.SYNC_FAULT_SEEDS ?? '1,2,3').split(',').map(Number);
const WRITES = Number(process.env.SYNC_FAULT_WRITES ?? 2000);
const CLIENTS = Number(process.env.SYNC_FAULT_CLIENTS ?? 5);
const DATABASES: FaultDatabase[] = process.env.SYNC_FAULT_DB ? [process.env.SYNC_FAULT_DB as FaultDatabase] : ['pglite', 'postgres'];

describe.each(DATABASES)('fault injection on %s', (database) => {
  let server: FaultServer | null = null;
  let postgres: ThrowawayPostgres | null = null;
  beforeAll(async () => {
    if (database === 'pglite') {
      server = await startPgliteFaultServer();
      return;
    }
    postgres = await startThrowawayPostgres();
    if (!postgres) {
      console.log('fault injection: PostgreSQL is not installed (apt-get install -y postgresql): skipping the PostgreSQL runs');
      return;
    }
    server = await startPostgresFaultServer(postgres.url);
  }, 900_000);
  afterAll(async () => {
    await server?.close();
    postgres?.stop();
  }, 120_000);

  it.for(SEEDS)(`seed %i: ${CLIENTS} clients, ${WRITES} writes`, { timeout: 1_800_000 }, async (seed, { skip }) => {
    if (!server) {
      // CI installs PostgreSQL (.ci/run): there a missing server is a failure, never a silent pass.
      if (process.env.CI) throw new Error('PostgreSQL is not installed: the PostgreSQL fault runs cannot run');
      return skip('PostgreSQL is not installed');
    }
    const run = await runFaultSeed(server, { seed, clients: CLIENTS, writes: WRITES });
    const context = formatStats(run);
    console.log(`fault injection ${context}`);
    expect(run.failures, context).toEqual([]);
    for (const fault of INJECTED) expect(run.stats[fault], `${fault}: ${context}`).toBeGreaterThan(0);
    expect(run.stats.conflictsKeptServer + run.stats.conflictsKeptOwn, context).toBeGreaterThan(0);
    expect(run.stats.accepted.deletes, context).toBeGreaterThan(0);
  });
});
