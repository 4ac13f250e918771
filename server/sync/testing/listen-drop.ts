import { LISTEN_APPLICATION_NAME, type Db, type Unlisten } from '../../db/db';

/**
 * For tests and the fault-injection harness: a database handle whose LISTEN connections can be
 * killed. On PostgreSQL the listening backends are ended for real (`pg_terminate_backend`, the way a
 * restart, failover or idle kill ends them); PGlite's LISTEN lives in the process and cannot be
 * lost, so there the handle drops its subscriptions (no notification reaches them any more) and
 * reports the loss through `onLost`, as the PostgreSQL driver does.
 */
export type DroppableDb = Db & {
  /** Ends every LISTEN connection of this handle; answers how many it ended. */
  dropListens(): Promise<number>;
};

export function droppableListen(db: Db): DroppableDb {
  const active = new Set<{ drop: () => Promise<void> }>();
  return {
    ...db,
    async listen(channel, onPayload, onLost) {
      if (db.kind === 'postgres') return db.listen(channel, onPayload, onLost);
      let alive = true;
      const inner = await db.listen(channel, (payload) => {
        if (alive) onPayload(payload);
      });
      const release = async () => {
        if (!alive) return;
        alive = false;
        active.delete(entry);
        await inner();
      };
      const entry = {
        drop: async () => {
          await release();
          onLost?.();
        },
      };
      active.add(entry);
      return Object.assign(release, { sync: inner.sync }) satisfies Unlisten;
    },
    async dropListens() {
      if (db.kind === 'postgres') {
        const { rows } = await db.query<{ ended: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
            WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
          [LISTEN_APPLICATION_NAME],
        );
        return rows.filter((r) => r.ended).length;
      }
      const entries = [...active];
      for (const e of entries) await e.drop();
      return entries.length;
    },
  };
}
