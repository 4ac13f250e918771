import { can } from '../../auth/permissions';
import { companyReferenceScope } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { ok, refuse, registerWrite } from '../../sync/writes';
import { portalWrites } from '../../../src/domain/portal/writes';

/** workplaceApplication (declared write): a participant applies for a workplace of their company, once while an application is open. */
registerWrite(
  portalWrites.applyForWorkplace,
  async ({ tx, viewer, input }) => {
    const participantId = viewer.participantId;
    if (participantId === null || !can(viewer, 'edit', 'ownProfile')) return refuse('portal.errors.notAllowed');
    const replay = await run<{ company_id: number; participant_id: number; workplace_id: number }>(
      tx,
      sql`SELECT company_id, participant_id, workplace_id FROM workplace_applications WHERE uuid = ${input.uuid}::uuid`,
    );
    if (replay.rows[0]) {
      const same = Number(replay.rows[0].company_id) === viewer.companyId && Number(replay.rows[0].participant_id) === participantId && Number(replay.rows[0].workplace_id) === input.workplaceId;
      return same ? ok() : refuse('portal.errors.invalid');
    }
    const wp = await run<{ id: number; capacity: number | null }>(
      tx,
      sql`SELECT w.id, w.capacity FROM workplaces w WHERE w.id = ${input.workplaceId} AND w.deleted_at IS NULL AND ${companyReferenceScope(viewer, 'w')} FOR UPDATE`,
    );
    const workplace = wp.rows[0];
    if (!workplace) return refuse('portal.errors.notFound');
    if (workplace.capacity !== null && Number(workplace.capacity) <= 0) return refuse('portal.errors.workplaceFull');
    const open = await run(
      tx,
      sql`SELECT 1 FROM workplace_applications WHERE participant_id = ${participantId} AND workplace_id = ${input.workplaceId}
           AND status IN ('submitted', 'accepted') AND deleted_at IS NULL`,
    );
    if (open.rows.length > 0) return refuse('portal.errors.alreadyApplied');
    await run(
      tx,
      sql`INSERT INTO workplace_applications (uuid, company_id, participant_id, workplace_id, motivation)
          VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${participantId}, ${input.workplaceId}, ${input.motivation || null})`,
    );
    return ok();
  },
  { description: 'A participant applies for a workplace of their company, once while an application is open.' },
);
