import { probeWrites } from '../../../src/domain/sync-probes/writes';
import { ok, refuse, registerWrite } from '../../sync/writes';
import { serverCollection } from '../../sync/registry';
import { run, sql } from '../../db/sql';

/**
 * The sync self-test document (src/domain/sync-probes/writes.ts): the smallest set of declared
 * writes. The fault-injection test drives the outbox with it; every feature's writes look like this.
 */
const probes = serverCollection('syncProbes');

registerWrite(probeWrites.save, async ({ tx, viewer, input, current }) => {
  if (!current) {
    const taken = await run(tx, sql`SELECT 1 FROM sync_probes WHERE uuid = ${input.uuid}`);
    if (taken.rows.length > 0) return refuse('access_denied');
    await run(
      tx,
      sql`INSERT INTO sync_probes (uuid, company_id, user_id, body, title)
          VALUES (${input.uuid}, ${viewer.companyId}, ${viewer.userId}, ${input.body}, ${input.title ?? ''})`,
    );
    return ok();
  }
  // Only the fields this write sets change (a concurrent change of the other field stays).
  await run(
    tx,
    input.title === undefined
      ? sql`UPDATE sync_probes SET body = ${input.body}, deleted_at = NULL WHERE id = ${Number(current.id)}`
      : sql`UPDATE sync_probes SET body = ${input.body}, title = ${input.title}, deleted_at = NULL WHERE id = ${Number(current.id)}`,
  );
  return ok();
});

registerWrite(probeWrites.bump, async ({ tx, viewer, input }) => {
  const res = await run(
    tx,
    sql`UPDATE sync_probes t SET counter = t.counter + ${input.delta}
         WHERE t.uuid = ${input.uuid} AND t.deleted_at IS NULL AND ${probes.scope(viewer, 't')}`,
  );
  return res.rowCount > 0 ? ok() : refuse('not_found');
});

registerWrite(probeWrites.remove, async ({ tx, current }) => {
  await run(tx, sql`UPDATE sync_probes SET deleted_at = now() WHERE id = ${Number(current!.id)}`);
  return ok();
});
