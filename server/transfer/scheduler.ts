import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/db';
import { runJob, type RunDeps } from './run';
import type { Schedule } from '../../src/domain/transfer/settings';

/** Hour (UTC) of the day at which scheduled transfers run: night in the Netherlands. */
export const SCHEDULE_HOUR_UTC = 2;
/** A job running longer than this is taken for a crashed process and marked failed. */
export const STALE_RUN_MS = 60 * 60 * 1000;
export const TICK_MS = 30_000;

/** The latest slot of a schedule at or before `now` (daily 02:00 UTC, weekly Monday 02:00, monthly the 1st 02:00). */
export function latestSlot(schedule: Schedule, now: Date): Date | null {
  if (schedule === 'never') return null;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), SCHEDULE_HOUR_UTC));
  if (schedule === 'daily') {
    if (d > now) d.setUTCDate(d.getUTCDate() - 1);
    return d;
  }
  if (schedule === 'weekly') {
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    if (d > now) d.setUTCDate(d.getUTCDate() - 7);
    return d;
  }
  d.setUTCDate(1);
  if (d > now) d.setUTCMonth(d.getUTCMonth() - 1);
  return d;
}

/**
 * Runs imports and exports on their schedule, exactly once across server processes (issue 24):
 * each tick every process enqueues the due slot of every scheduled transfer (UNIQUE (transfer, slot):
 * whoever comes second inserts nothing), then claims queued jobs one at a time with
 * FOR UPDATE SKIP LOCKED: a job is handed to one process only. Works on PGlite and PostgreSQL alike.
 */
export class TransferScheduler {
  readonly worker = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private busy: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: RunDeps,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get db(): Db {
    return this.deps.db;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
  }

  /** One pass: enqueue due slots, then run queued jobs until none is left. Concurrent calls fold into one more pass. */
  tick(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      try {
        do {
          this.again = false;
          await this.enqueueDue();
          await this.failStale();
          while (!this.stopped && (await this.runNext())) {
            /* next job */
          }
        } while (this.again && !this.stopped);
      } catch (error) {
        console.error('transfer scheduler', error);
      } finally {
        this.busy = null;
      }
    })();
    return this.busy;
  }

  /** Inserts the current slot's job of every scheduled transfer that has none (at most one per slot, ever). */
  async enqueueDue(): Promise<number> {
    const now = this.now();
    const { rows } = await this.db.query<{ id: number; company_id: number; schedule: Schedule; schedule_since: Date }>(
      "SELECT id, company_id, schedule, schedule_since FROM transfer_settings WHERE deleted_at IS NULL AND schedule <> 'never'",
    );
    let added = 0;
    for (const t of rows) {
      const slot = latestSlot(t.schedule, now);
      if (!slot || slot < t.schedule_since) continue;
      const res = await this.db.query(
        'INSERT INTO transfer_jobs (transfer_id, company_id, slot, run_at) VALUES ($1, $2, $3, $3) ON CONFLICT (company_id, transfer_id, slot) DO NOTHING',
        [t.id, t.company_id, slot],
      );
      added += res.rowCount;
    }
    return added;
  }

  private async failStale(): Promise<void> {
    const limit = new Date(this.now().getTime() - STALE_RUN_MS);
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        "UPDATE transfer_jobs SET state = 'failed' WHERE state = 'running' AND locked_at < $1 RETURNING id",
        [limit],
      );
      if (rows.length) {
        await tx.query(
          "UPDATE transfer_runs SET state = 'failed', finished_at = now(), error = 'transfer.errors.interrupted' WHERE job_id = ANY($1::bigint[]) AND state = 'running'",
          [rows.map((r) => r.id)],
        );
      }
    });
  }

  /** Claims one due job (skipping those another process holds) and runs it; false when none was due. */
  async runNext(): Promise<boolean> {
    const now = this.now();
    const job = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; transfer_id: number; company_id: number; slot: Date | null }>(
        `SELECT id, transfer_id, company_id, slot FROM transfer_jobs
          WHERE state = 'queued' AND run_at <= $1 ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      const claimed = rows[0];
      if (!claimed) return null;
      await tx.query("UPDATE transfer_jobs SET state = 'running', locked_by = $2, locked_at = $3 WHERE id = $1", [claimed.id, this.worker, now]);
      return claimed;
    });
    if (!job) return false;
    const outcome = await runJob(this.deps, job);
    await this.db.query('UPDATE transfer_jobs SET state = $2 WHERE id = $1', [job.id, outcome === 'succeeded' ? 'done' : 'failed']);
    return true;
  }
}

/** Queues a "run now" (one waiting per transfer); answers the job id, or null when one is waiting or running already. */
export async function queueRunNow(db: Db, transferId: number, companyId: number, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO transfer_jobs (transfer_id, company_id, requested_by) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, transfer_id) WHERE slot IS NULL AND state IN ('queued', 'running') DO NOTHING RETURNING id`,
    [transferId, companyId, userId],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
