import { can } from '../../auth/permissions';
import { staffViaParticipant } from '../../auth/scope';
import { run, sql } from '../../db/sql';
import type { Queryable } from '../../db/db';
import type { Viewer } from '../../auth/viewer';
import { ok, refuse, registerWrite, type WriteOutcome } from '../../sync/writes';
import { auditMutation } from '../scoped';
import { companyKwnwVersion, currentInstrumentMode, instrumentsDisabled, kwnwFlagOn, missingIds } from '../../instruments/store';
import { instrumentWrites, sectionsObject } from '../../../src/domain/instruments/writes';
import type { SaveInstrumentInput } from '../../../src/domain/instruments/inputs';

/**
 * saveInstrument and saveInstrumentMatch (02 §7) and savePlanOfApproach (KWNW) as declared writes. Who may:
 * instruments:add to create, instruments:edit to change an instrument (managers and administrators), only while
 * useInstruments is `enabled`; a match (linking) needs participants:edit (coach, case manager) and every
 * participant (and the case) in the viewer's caseload, refused while useInstruments is `disabled`
 * (docs/decisions-instruments.md). Referenced lists must be live rows of the company.
 */

const LINKS = [
  ['disciplineIds', 'instrument_disciplines', 'discipline_id', 'disciplines'],
  ['skillIds', 'instrument_skills', 'skill_id', 'skills'],
  ['competencyIds', 'instrument_competencies', 'competency_id', 'competencies'],
  ['workOrderIds', 'instrument_work_orders', 'work_order_id', 'work_orders'],
  ['workplaceIds', 'instrument_workplaces', 'workplace_id', 'workplaces'],
  ['criterionIds', 'instrument_criteria', 'criterion_id', 'matching_criteria'],
] as const;

async function checkReferences(tx: Queryable, viewer: Viewer, input: SaveInstrumentInput): Promise<WriteOutcome | null> {
  const single = [
    ['categoryId', 'instrument_categories'],
    ['competencySystemId', 'competency_systems'],
    ['provisionTypeId', 'provision_types'],
  ] as const;
  for (const [field, table] of single) {
    const id = input[field];
    if (id != null && (await missingIds(tx, viewer, table, [id])).length > 0) return refuse('instruments.errors.linkNotFound', { field });
  }
  for (const [field, , , table] of LINKS) {
    const ids = input[field];
    if (ids && (await missingIds(tx, viewer, table, ids)).length > 0) return refuse('instruments.errors.linkNotFound', { field });
  }
  return null;
}

async function writeLinks(tx: Queryable, viewer: Viewer, instrumentId: number, input: SaveInstrumentInput): Promise<void> {
  for (const [field, table, column] of LINKS) {
    const ids = input[field];
    if (ids === undefined) continue;
    await tx.query(`DELETE FROM ${table} WHERE instrument_id = $1 AND company_id = $2`, [instrumentId, viewer.companyId]);
    const unique = [...new Set(ids)];
    if (unique.length > 0) {
      await tx.query(
        `INSERT INTO ${table} (company_id, instrument_id, ${column}) SELECT $1, $2, x FROM unnest($3::bigint[]) AS x`,
        [viewer.companyId, instrumentId, unique],
      );
    }
  }
}

registerWrite(
  instrumentWrites.saveInstrument,
  async ({ tx, viewer, input, current, graph }) => {
    if (!can(viewer, current ? 'edit' : 'add', 'instruments')) return refuse('instruments.errors.notAllowed');
    const mode = await currentInstrumentMode(tx, viewer);
    if (mode === 'disabled') return refuse('instruments.errors.disabled');
    // criteria_only: matching by criteria, without the instrument library
    if (mode === 'criteria_only') return refuse('instruments.errors.libraryOff');
    if (!current) {
      // a uuid taken elsewhere (another company, or a deleted instrument) is not ours to create
      const taken = await run(tx, sql`SELECT 1 FROM instruments WHERE uuid = ${input.uuid}::uuid`);
      if (taken.rows.length > 0) return refuse('instruments.errors.notFound');
    } else if (current.deleted_at !== null) {
      return refuse('instruments.errors.notFound');
    }
    const refused = await checkReferences(tx, viewer, input);
    if (refused) return refused;
    const sections = sectionsObject(input.sections);
    const set = (value: unknown, fallback: unknown): unknown => (value === undefined ? fallback : value);
    let id: number;
    if (current) {
      id = Number(current.id);
      await run(
        tx,
        sql`UPDATE instruments SET
              name = ${input.name},
              description = ${set(input.description === undefined ? undefined : input.description || null, current.description)},
              category_id = ${set(input.categoryId === undefined ? undefined : input.categoryId ?? null, current.category_id)},
              competency_system_id = ${set(input.competencySystemId === undefined ? undefined : input.competencySystemId ?? null, current.competency_system_id)},
              provision_type_id = ${set(input.provisionTypeId === undefined ? undefined : input.provisionTypeId ?? null, current.provision_type_id)},
              childcare_allowance = ${set(input.childcareAllowance, current.childcare_allowance)},
              profile = ${set(input.profile === undefined ? undefined : input.profile || null, current.profile)},
              kwnw_step = ${set(input.kwnwStep === undefined ? undefined : input.kwnwStep || null, current.kwnw_step)},
              participant_status_ids = ${set(input.participantStatusIds, current.participant_status_ids)}::int[],
              sections = ${JSON.stringify(sections ?? current.sections ?? {})}::jsonb
            WHERE id = ${id}`,
      );
    } else {
      const { rows } = await run<{ id: number }>(
        tx,
        sql`INSERT INTO instruments (uuid, company_id, name, description, category_id, competency_system_id, provision_type_id,
                                     childcare_allowance, profile, kwnw_step, participant_status_ids, sections)
            VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${input.name}, ${input.description || null}, ${input.categoryId ?? null},
                    ${input.competencySystemId ?? null}, ${input.provisionTypeId ?? null}, ${input.childcareAllowance ?? false},
                    ${input.profile || null}, ${input.kwnwStep || null}, ${input.participantStatusIds ?? []}::int[], ${JSON.stringify(sections ?? {})}::jsonb)
            RETURNING id`,
      );
      id = Number(rows[0]!.id);
    }
    await writeLinks(tx, viewer, id, input);
    // the id lists on the row (what the replica reads) follow the link tables
    if (LINKS.some(([field]) => input[field] !== undefined)) await run(tx, sql`SELECT refresh_instrument_links(${id})`);
    await auditMutation(tx, { ...graph, viewer }, current ? 'instrument.update' : 'instrument.create', 'instrument', id, {
      links: LINKS.filter(([field]) => input[field] !== undefined).map(([field]) => field),
    });
    return ok();
  },
  { description: 'Creates (new uuid) or edits an instrument of the company with its links (instruments:add / instruments:edit).' },
);

registerWrite(
  instrumentWrites.saveInstrumentMatch,
  async ({ tx, viewer, input, current, graph }) => {
    // linking changes the participant's route: whoever may edit the participants of their caseload (coach, case manager)
    if (!can(viewer, 'edit', 'participants') || !can(viewer, 'view', 'instruments')) return refuse('instruments.errors.notAllowed');
    if (await instrumentsDisabled(tx, viewer)) return refuse('instruments.errors.disabled');
    if (!current) {
      const taken = await run(tx, sql`SELECT 1 FROM instrument_matches WHERE uuid = ${input.uuid}::uuid`);
      if (taken.rows.length > 0) return refuse('instruments.errors.notFound');
    } else if (current.deleted_at !== null) {
      return refuse('instruments.errors.notFound');
    }
    if ((await missingIds(tx, viewer, 'instruments', [input.instrumentId])).length > 0) return refuse('instruments.errors.instrumentNotFound');
    if (input.criteriaIds && (await missingIds(tx, viewer, 'matching_criteria', input.criteriaIds)).length > 0) {
      return refuse('instruments.errors.linkNotFound', { field: 'criteriaIds' });
    }
    const participantIds = [...new Set(input.participantIds)];
    const { rows: reach } = await run<{ id: number }>(
      tx,
      sql`SELECT p.id FROM participants p WHERE p.id = ANY(${participantIds}::bigint[]) AND p.deleted_at IS NULL AND ${staffViaParticipant('id')(viewer, 'p')} FOR UPDATE`,
    );
    if (reach.length !== participantIds.length) return refuse('instruments.errors.participantNotFound');
    if (current && !participantIds.includes(Number(current.participant_id))) return refuse('instruments.errors.matchParticipant');
    if (input.caseId != null) {
      const { rows } = await run<{ participant_id: number }>(
        tx,
        sql`SELECT c.participant_id FROM cases c WHERE c.id = ${input.caseId} AND c.deleted_at IS NULL AND ${staffViaParticipant()(viewer, 'c')}`,
      );
      if (!rows[0]) return refuse('instruments.errors.caseNotFound');
      if (participantIds.length !== 1 || Number(rows[0].participant_id) !== participantIds[0]) return refuse('instruments.errors.caseParticipant');
    }
    const criteria = [...new Set(input.criteriaIds ?? [])];
    const fresh = current ? participantIds.filter((p) => p !== Number(current.participant_id)) : participantIds;
    // a participant already linked to this instrument for an overlapping period gets no second link
    const { rows: overlap } = await run<{ participant_id: number }>(
      tx,
      sql`SELECT participant_id FROM instrument_matches
           WHERE instrument_id = ${input.instrumentId} AND participant_id = ANY(${fresh}::bigint[]) AND deleted_at IS NULL
             AND start_date <= ${input.endDate}::date AND end_date >= ${input.startDate}::date LIMIT 1`,
    );
    if (overlap[0]) return refuse('instruments.errors.alreadyMatched', { participantId: Number(overlap[0].participant_id) });
    if (current) {
      await run(
        tx,
        sql`UPDATE instrument_matches SET instrument_id = ${input.instrumentId}, start_date = ${input.startDate}::date, end_date = ${input.endDate}::date,
                   case_id = ${input.caseId ?? null}, criteria_ids = ${criteria}::bigint[]
             WHERE id = ${Number(current.id)}`,
      );
    }
    for (const [i, participantId] of fresh.entries()) {
      const uuid = !current && i === 0 ? input.uuid : null;
      await run(
        tx,
        sql`INSERT INTO instrument_matches (uuid, company_id, instrument_id, participant_id, case_id, start_date, end_date, criteria_ids, created_by_user_id)
            VALUES (coalesce(${uuid}::uuid, gen_random_uuid()), ${viewer.companyId}, ${input.instrumentId}, ${participantId}, ${input.caseId ?? null},
                    ${input.startDate}::date, ${input.endDate}::date, ${criteria}::bigint[], ${viewer.userId})`,
      );
    }
    await auditMutation(tx, { ...graph, viewer }, 'instrument.match', 'instrument', input.instrumentId, {
      participants: participantIds.length, created: fresh.length, edited: current ? 1 : 0,
    });
    return ok();
  },
  { description: 'Links an instrument to one or more participants of the caseload for a period (start and end date required).' },
);

registerWrite(
  instrumentWrites.savePlanOfApproach,
  async ({ tx, viewer, input, current, graph }) => {
    if (!can(viewer, 'edit', 'kwnw')) return refuse('instruments.errors.kwnwNotAllowed');
    // the scope already hides plans while KWNW or its planOfApproach flag is off: a create must ask too
    if (!(await kwnwFlagOn(tx, viewer, 'planOfApproach'))) return refuse('instruments.errors.kwnwOff');
    const version = await companyKwnwVersion(tx, viewer);
    if (version === 'none') return refuse('instruments.errors.kwnwOff');
    if (!current) {
      const taken = await run(tx, sql`SELECT 1 FROM plans_of_approach WHERE uuid = ${input.uuid}::uuid`);
      if (taken.rows.length > 0) return refuse('instruments.errors.planNotFound');
    } else if (current.deleted_at !== null) {
      return refuse('instruments.errors.planNotFound');
    } else if (Number(current.participant_id) !== input.participantId) {
      return refuse('instruments.errors.matchParticipant');
    }
    const { rows: reach } = await run<{ id: number }>(
      tx,
      sql`SELECT p.id FROM participants p WHERE p.id = ${input.participantId} AND p.deleted_at IS NULL AND ${staffViaParticipant('id')(viewer, 'p')} FOR UPDATE`,
    );
    if (!reach[0]) return refuse('instruments.errors.participantNotFound');
    const content = JSON.stringify({ ...input.content, agreements: input.content.agreements.map((a) => ({ description: a.description, due: a.due || null })) });
    let id: number;
    if (current) {
      id = Number(current.id);
      await run(tx, sql`UPDATE plans_of_approach SET status = ${input.status}, content = ${content}::jsonb, updated_by_user_id = ${viewer.userId} WHERE id = ${id}`);
    } else {
      // one plan per participant and KWNW version: a second one (made offline elsewhere) is refused with the reason
      const { rows: existing } = await run(
        tx,
        sql`SELECT 1 FROM plans_of_approach WHERE participant_id = ${input.participantId} AND kwnw_version = ${version} AND deleted_at IS NULL LIMIT 1`,
      );
      if (existing[0]) return refuse('instruments.errors.planExists');
      const { rows } = await run<{ id: number }>(
        tx,
        sql`INSERT INTO plans_of_approach (uuid, company_id, participant_id, kwnw_version, status, content, updated_by_user_id)
            VALUES (${input.uuid}::uuid, ${viewer.companyId}, ${input.participantId}, ${version}, ${input.status}, ${content}::jsonb, ${viewer.userId})
            RETURNING id`,
      );
      id = Number(rows[0]!.id);
    }
    await auditMutation(tx, { ...graph, viewer }, current ? 'kwnw.plan.update' : 'kwnw.plan.create', 'plan_of_approach', id, { participantId: input.participantId });
    return ok();
  },
  { description: 'Creates (new uuid) or edits the KWNW plan of approach of a participant in the caseload (kwnw:edit; KWNW on with its planOfApproach flag).' },
);
