import { builder } from '../builder';
import { can, requireViewer } from '../../auth/permissions';
import { viaParticipant } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import { isoOrNull } from '../scoped';
import { ok, refuse, registerWrite } from '../../sync/writes';
import { portalParticipant } from '../../portal/scope';
import { portalWrites } from '../../../src/domain/portal/writes';

interface TargetRow {
  id: number;
  uuid: string;
  company_id: number;
  participant_id: number;
  description: string;
  target_date: string | Date | null;
  achieved_at: Date | null;
  created_by_user_id: number | null;
  deleted_at: Date | null;
}

const targetScope = viaParticipant();

const ParticipantTarget = builder.objectRef<TargetRow>('ParticipantTarget').implement({
  description: 'A target (doel) of a participant, with an optional date and when it was achieved.',
  fields: (t) => ({
    id: t.field({ type: 'ID', resolve: (r) => Number(r.id) }),
    uuid: t.field({ type: 'ID', resolve: (r) => String(r.uuid) }),
    participantId: t.field({ type: 'ID', resolve: (r) => Number(r.participant_id) }),
    description: t.exposeString('description'),
    targetDate: t.string({ nullable: true, resolve: (r) => (r.target_date instanceof Date ? r.target_date.toISOString().slice(0, 10) : r.target_date) }),
    achievedAt: t.string({ nullable: true, resolve: (r) => isoOrNull(r.achieved_at) }),
  }),
});

builder.queryField('participantTargets', (t) =>
  t.field({
    type: [ParticipantTarget],
    description: "A participant's targets: a participant's own, or one in the staff member's scope.",
    args: { participantId: t.arg.id() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const participantId = await portalParticipant(ctx.db, viewer, args.participantId);
      if (participantId === null) return [];
      const { rows } = await run<TargetRow>(
        ctx.db,
        sql`SELECT t.* FROM participant_targets t WHERE t.participant_id = ${participantId} AND t.deleted_at IS NULL AND ${targetScope(viewer, 't')}
            ORDER BY t.achieved_at IS NOT NULL, t.target_date NULLS LAST, t.id`,
      );
      return rows;
    },
  }),
);

/** setParticipantTarget (declared write): creates or updates a target (upsert by uuid), a participant their own, staff one in their scope. */
registerWrite(
  portalWrites.setTarget,
  async ({ tx, viewer, input }) => {
    const own = viewer.participantId !== null;
    if (!(own ? can(viewer, 'edit', 'ownProfile') : can(viewer, 'edit', 'participants'))) return refuse('portal.errors.notAllowed');
    const participantId = await portalParticipant(tx, viewer, input.participantId);
    if (participantId === null) return refuse('portal.errors.notFound');
    const found = await run<TargetRow>(tx, sql`SELECT * FROM participant_targets WHERE uuid = ${input.uuid}::uuid FOR UPDATE`);
    const existing = found.rows[0];
    const achieved = input.achieved ? sql`coalesce(achieved_at, now())` : sql`NULL`;
    if (existing) {
      if (Number(existing.company_id) !== viewer.companyId || Number(existing.participant_id) !== participantId || existing.deleted_at) return refuse('portal.errors.notFound');
      await run(
        tx,
        sql`UPDATE participant_targets SET description = ${input.description}, target_date = ${input.targetDate ?? null}::date, achieved_at = ${achieved}
            WHERE id = ${existing.id}`,
      );
      return ok();
    }
    await run(
      tx,
      sql`INSERT INTO participant_targets (uuid, company_id, participant_id, description, target_date, achieved_at, created_by_user_id)
          VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${participantId}, ${input.description}, ${input.targetDate ?? null}::date,
                  ${input.achieved ? sql`now()` : sql`NULL`}, ${viewer.userId})`,
    );
    return ok();
  },
  { description: 'Creates or updates a target of a participant (upsert by uuid).' },
);
