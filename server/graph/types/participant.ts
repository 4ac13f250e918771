import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { join, raw, run, sql, type SqlFragment } from '../../db/sql';
import { participantsScope, isCompanyAdmin } from '../../auth/scope';
import { can, NOT_FOUND_OR_FORBIDDEN, requireViewer } from '../../auth/permissions';
import type { Viewer } from '../../auth/viewer';
import type { Queryable } from '../../db/db';
import { Company, Participant, Project, Status, User } from '../refs';
import type { CompanyRow, ParticipantRow, ProjectRow, UserRow } from '../rows';
import { auditMutation, created, CreateResult, findInScope, isoOrNull, issuesReason, notCreated, parseId } from '../scoped';
import { pageClause, paginatedType } from '../paginated';
import { loadInScope, oncePerRequest } from '../batch-load';
import { loadStatus } from './status';
import {
  AddParticipantSchema,
  identificationProblem,
  identificationSystemOf,
  maskBsn,
  MoveParticipantSchema,
  ParticipantSettingsSchema,
  type UpdateParticipantInput,
} from '../../../src/domain/participants/participant-input';
import { audit } from '../../auth/audit';
import { noteParticipantReads } from '../../auth/participant-reads';
import { BSN_SEARCH_LIMIT, BSN_SEARCH_WINDOW_MINUTES, mayRevealBsn, searchByBsn } from '../../auth/bsn';
import { parseDutchDate } from '../../../src/domain/users/field-rules';
import { roleKind } from '../../../src/domain/users/roles-policy';
import { Role } from '../../../src/domain/shared/roles';
import { ParticipantStatus } from '../../../src/domain/shared/participant-status';

interface AddressShape {
  street: string | null;
  houseNumber: string | null;
  houseNumberAddition: string | null;
  zipcode: string | null;
  city: string | null;
}
const Address = builder.objectRef<AddressShape>('Address').implement({
  fields: (t) => ({
    street: t.exposeString('street', { nullable: true }),
    houseNumber: t.exposeString('houseNumber', { nullable: true }),
    houseNumberAddition: t.exposeString('houseNumberAddition', { nullable: true }),
    zipcode: t.exposeString('zipcode', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
  }),
});

// Nested references batch per request and level (server/graph/batch-load.ts): 500 rows ask one query per table.
const scopedUser = (id: number | null) => async (_p: ParticipantRow, _a: unknown, ctx: { db: Queryable; viewer: Viewer | null; request: Request }) =>
  id === null ? null : loadInScope<UserRow>(ctx, 'users', requireViewer(ctx), id);

Participant.implement({
  description: 'A participant (deelnemer): the person guided toward work.',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    bsn: t.string({
      nullable: true,
      description: 'The BSN masked to its last three digits; revealParticipantBsn answers it whole (and logs the reveal).',
      resolve: (p) => maskBsn(p.bsn),
    }),
    identification: t.exposeString('identification', { nullable: true }),
    personalCode: t.exposeString('personal_code', { nullable: true }),
    initials: t.exposeString('initials', { nullable: true }),
    firstname: t.exposeString('firstname'),
    givenName: t.exposeString('firstname'),
    prefix: t.exposeString('prefix', { nullable: true }),
    lastname: t.exposeString('lastname'),
    surname: t.exposeString('lastname'),
    fullName: t.string({ resolve: (p) => [p.firstname, p.prefix, p.lastname].filter((x) => x).join(' ') }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    sex: t.exposeString('sex'),
    birthdate: t.exposeString('birthdate', { nullable: true }),
    address: t.field({
      type: Address,
      resolve: (p) => ({ street: p.street, houseNumber: p.house_number, houseNumberAddition: p.house_number_addition, zipcode: p.zipcode, city: p.city }),
    }),
    municipality: t.exposeString('municipality', { nullable: true }),
    timeRegistered: t.string({ nullable: true, resolve: (p) => isoOrNull(p.time_registered) }),
    dateEnd: t.exposeString('date_end', { nullable: true }),
    display: t.exposeInt('display'),
    hidden: t.boolean({ resolve: (p) => p.display === 2 }),
    company: t.field({ type: Company, nullable: true, resolve: (p, _a, ctx) => loadInScope<CompanyRow>(ctx, 'companies', requireViewer(ctx), p.company_id) }),
    project: t.field({
      type: Project,
      nullable: true,
      resolve: (p, _a, ctx) => (p.project_id === null ? null : loadInScope<ProjectRow>(ctx, 'projects', requireViewer(ctx), p.project_id)),
    }),
    coach: t.field({ type: User, nullable: true, resolve: (p, a, ctx) => scopedUser(p.coach_id)(p, a, ctx) }),
    manager: t.field({ type: User, nullable: true, resolve: (p, a, ctx) => scopedUser(p.manager_id)(p, a, ctx) }),
    counselor: t.field({ type: User, nullable: true, resolve: (p, a, ctx) => scopedUser(p.manager_id)(p, a, ctx) }),
    user: t.field({ type: User, nullable: true, resolve: (p, a, ctx) => scopedUser(p.user_id)(p, a, ctx) }),
    status: t.field({ type: Status, nullable: true, resolve: (p, _a, ctx) => oncePerRequest(ctx, `status:${p.status_id}`, () => loadStatus(ctx.db, requireViewer(ctx), p.status_id)) }),
    targetStatus: t.field({
      type: Status,
      nullable: true,
      resolve: (p, _a, ctx) => (p.target_status_id === null ? null : oncePerRequest(ctx, `status:${p.target_status_id}`, () => loadStatus(ctx.db, requireViewer(ctx), p.target_status_id as number))),
    }),
    settings: t.field({ type: 'JSON', resolve: (p) => p.settings }),
  }),
});

const ParticipantPage = paginatedType('Participant', Participant);

const escapeLike = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

interface ParticipantFilter {
  search?: string | null;
  statusIds?: readonly number[] | null;
  caseload?: boolean | null;
  includeHidden?: boolean | null;
  projectId?: string | null;
}

function participantWhere(viewer: Viewer, f: ParticipantFilter): SqlFragment {
  const parts: SqlFragment[] = [sql`t.deleted_at IS NULL`, sql`t.display <> 0`, participantsScope(viewer, 't')];
  if (!f.includeHidden) parts.push(sql`t.display = 1`);
  const term = f.search?.trim();
  if (term) {
    const like = escapeLike(term);
    parts.push(
      sql`(lower(t.firstname) LIKE ${like} OR lower(t.lastname) LIKE ${like} OR lower(concat_ws(' ', t.firstname, t.prefix, t.lastname)) LIKE ${like} OR lower(coalesce(t.email, '')) LIKE ${like})`,
    );
  }
  if (f.statusIds?.length) parts.push(sql`t.status_id = ANY(${[...f.statusIds]}::int[])`);
  if (f.caseload) parts.push(sql`(t.coach_id = ${viewer.userId} OR t.manager_id = ${viewer.userId})`);
  if (f.projectId) {
    const pid = parseId(f.projectId);
    parts.push(pid === null ? raw('FALSE') : sql`t.project_id = ${pid}`);
  }
  return join(parts, ' AND ');
}

builder.queryField('participants', (t) =>
  t.field({
    type: ParticipantPage,
    description: 'Participants in scope: search by name or e-mail, filter by status, caseload (mine), project; paged. A BSN is found only through searchParticipantByBsn (logged, throttled).',
    args: {
      search: t.arg.string(),
      statusIds: t.arg.intList(),
      caseload: t.arg.boolean({ description: 'Only participants of whom the viewer is coach or manager.' }),
      includeHidden: t.arg.boolean(),
      projectId: t.arg.id(),
      page: t.arg.int(),
      perPage: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const where = participantWhere(viewer, args);
      const count = await run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM participants t WHERE ${where}`);
      const { rows } = await run<ParticipantRow>(
        ctx.db,
        sql`SELECT t.* FROM participants t WHERE ${where} ORDER BY lower(t.lastname), lower(t.firstname), t.id${pageClause(args)}`,
      );
      noteParticipantReads(ctx, rows.map((r) => r.id), 'participants');
      return { totalItems: count.rows[0]?.n ?? 0, records: rows };
    },
  }),
);

builder.queryField('participant', (t) =>
  t.field({
    type: Participant,
    nullable: true,
    description: 'A participant by id or uuid, when in scope; otherwise null (participant not found).',
    args: { id: t.arg.id(), uuid: t.arg.string() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (args.id) return findInScope<ParticipantRow>(ctx.db, 'participants', viewer, args.id);
      if (args.uuid && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.uuid)) {
        const { rows } = await run<ParticipantRow>(
          ctx.db,
          sql`SELECT t.* FROM participants t WHERE t.uuid = ${args.uuid}::uuid AND t.deleted_at IS NULL AND ${participantsScope(viewer, 't')}`,
        );
        return rows[0] ?? null;
      }
      return null;
    },
  }),
);

// ---------------------------------------------------------------------------------------------- mutations

const ParticipantInput = builder.inputType('ParticipantInput', {
  fields: (t) => ({
    firstname: t.string({ required: true }),
    prefix: t.string(),
    lastname: t.string({ required: true }),
    initials: t.string(),
    bsn: t.string(),
    identification: t.string(),
    personalCode: t.string(),
    email: t.string(),
    phone: t.string(),
    sex: t.string(),
    birthdate: t.string({ description: 'DD-MM-YYYY' }),
    street: t.string(),
    houseNumber: t.string(),
    houseNumberAddition: t.string(),
    zipcode: t.string(),
    city: t.string(),
    municipality: t.string(),
    projectId: t.id(),
    coachId: t.id(),
    managerId: t.id(),
    statusId: t.int(),
  }),
});

const textOrNull = (s: string | null | undefined) => (s === undefined || s === null || s === '' ? null : s);

/** A staff user of the viewer's company, in the viewer's user scope, that may hold a caseload. */
async function staffUserInScope(db: Queryable, viewer: Viewer, id: unknown): Promise<number | null | 'invalid'> {
  if (id === null || id === undefined || id === '') return null;
  const user = await findInScope<UserRow>(db, 'users', viewer, id as string);
  if (!user || Number(user.acl_role_id) === Role.participant || user.display !== 1) return 'invalid';
  return Number(user.id);
}

builder.mutationField('addParticipant', (t) =>
  t.field({
    type: CreateResult,
    args: { input: t.arg({ type: ParticipantInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'participants')) return notCreated(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(AddParticipantSchema, args.input);
      if (!parsed.success) return notCreated(...issuesReason(parsed.issues));
      const input = parsed.output;
      return ctx.db.transaction(async (tx) => {
        const idProblem = identificationProblem(await companyIdentificationSystem(tx, viewer), input);
        if (idProblem) return notCreated(idProblem);
        // project: the viewer's own when they are bound to one; otherwise one of the company's
        let projectId: number | null = null;
        if (viewer.projectId !== null && !isCompanyAdmin(viewer)) projectId = viewer.projectId;
        else if (input.projectId !== null && input.projectId !== undefined && input.projectId !== '') {
          const project = await findInScope<ProjectRow>(tx, 'projects', viewer, input.projectId);
          if (!project) return notCreated('reasons.projectNotFound');
          projectId = Number(project.id);
        }
        const coach = await staffUserInScope(tx, viewer, input.coachId);
        const manager = await staffUserInScope(tx, viewer, input.managerId);
        if (coach === 'invalid') return notCreated('reasons.coachNotFound');
        if (manager === 'invalid') return notCreated('reasons.managerNotFound');
        // a manager or coach adding a participant keeps them in their own caseload
        const kind = roleKind(viewer.roleId);
        const managerId = manager ?? (kind === 'manager' && !viewer.accessToAllParticipants && coach !== viewer.userId ? viewer.userId : null);
        const statusId = input.statusId ?? ParticipantStatus.Zero;
        const status = await tx.query('SELECT 1 FROM participant_statuses WHERE id = $1', [statusId]);
        if (!status.rows.length) return notCreated('reasons.statusInvalid');
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO participants (company_id, project_id, firstname, prefix, lastname, initials, bsn, identification, personal_code,
                                     email, phone, sex, birthdate, street, house_number, house_number_addition, zipcode, city,
                                     municipality, coach_id, manager_id, status_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id`,
          [
            viewer.companyId, projectId, input.firstname, textOrNull(input.prefix), input.lastname, textOrNull(input.initials),
            textOrNull(input.bsn), textOrNull(input.identification), textOrNull(input.personalCode), textOrNull(input.email),
            textOrNull(input.phone), input.sex ?? 'unknown', input.birthdate ? parseDutchDate(input.birthdate) : null,
            textOrNull(input.street), textOrNull(input.houseNumber), textOrNull(input.houseNumberAddition),
            textOrNull(input.zipcode?.replace(/\s+/g, '').toUpperCase()), textOrNull(input.city), textOrNull(input.municipality),
            coach, managerId, statusId,
          ],
        );
        const id = Number(rows[0]?.id);
        await auditMutation(tx, { ...ctx, viewer }, 'participant.add', 'participant', id);
        return created(id);
      });
    },
  }),
);

/** Hides or shows a participant in a transaction (the declared writes hideParticipant and unhideParticipant). */
export async function applyParticipantVisibility(tx: Queryable, ctx: { viewer: Viewer; ip: string }, p: ParticipantRow, visible: boolean): Promise<{ success: boolean; reason: string | null }> {
  if (!can(ctx.viewer, 'hide', 'participants')) return fail(NOT_FOUND_OR_FORBIDDEN);
  await tx.query('UPDATE participants SET display = $1 WHERE id = $2 AND company_id = $3', [visible ? 1 : 2, p.id, ctx.viewer.companyId]);
  await auditMutation(tx, ctx, visible ? 'participant.unhide' : 'participant.hide', 'participant', Number(p.id));
  return ok();
}

/** Hides or shows a participant (01 §4). Shared by the graph mutation and the legacy REST toggle. */
export async function setParticipantVisibility(
  db: { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> },
  ctx: { viewer: Viewer; ip: string },
  id: unknown,
  visible: boolean,
): Promise<{ success: boolean; reason: string | null }> {
  const viewer = ctx.viewer;
  if (!can(viewer, 'hide', 'participants')) return fail(NOT_FOUND_OR_FORBIDDEN);
  return db.transaction(async (tx) => {
    const p = await findInScope<ParticipantRow>(tx, 'participants', viewer, id as string, { forUpdate: true });
    if (!p) return fail(NOT_FOUND_OR_FORBIDDEN);
    return applyParticipantVisibility(tx, ctx, p, visible);
  });
}

builder.mutationField('setParticipantVisibility', (t) =>
  t.field({
    type: MutationResult,
    args: { id: t.arg.id({ required: true }), visible: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) => setParticipantVisibility(ctx.db, { viewer: requireViewer(ctx), ip: ctx.ip }, args.id, args.visible),
  }),
);
const ParticipantSettingsInput = builder.inputType('ParticipantSettingsInput', {
  fields: (t) => ({
    theme: t.string({ description: 'dark, light or automatic' }),
    profilePicture: t.string({ description: 'uuid of an uploaded picture' }),
  }),
});

builder.mutationField('setParticipantSettings', (t) =>
  t.field({
    type: MutationResult,
    description: "A participant's settings: their own (no id), or — for staff who may edit participants — one in their scope.",
    args: { id: t.arg.id(), settings: t.arg({ type: ParticipantSettingsInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const id = args.id ?? viewer.participantId;
      const own = viewer.participantId !== null && String(id) === String(viewer.participantId);
      if (!(own ? can(viewer, 'edit', 'ownProfile') : can(viewer, 'edit', 'participants'))) return fail(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(ParticipantSettingsSchema, args.settings);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const patch = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== undefined && value !== null));
      return ctx.db.transaction(async (tx) => {
        const p = await findInScope<ParticipantRow>(tx, 'participants', viewer, id, { forUpdate: true });
        if (!p) return fail(NOT_FOUND_OR_FORBIDDEN);
        await tx.query('UPDATE participants SET settings = settings || $1::jsonb WHERE id = $2 AND company_id = $3', [JSON.stringify(patch), p.id, viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'participant.settings', 'participant', Number(p.id), patch);
        return ok();
      });
    },
  }),
);

async function companyIdentificationSystem(db: Queryable, viewer: Viewer) {
  const { rows } = await db.query<{ settings: Record<string, unknown> }>('SELECT settings FROM companies WHERE id = $1', [viewer.companyId]);
  return identificationSystemOf(rows[0]?.settings);
}

/**
 * Edits a participant (the declared write updateParticipant, server/graph/types/participant-writes.ts):
 * only the fields sent change; the identifier follows the company's identification system.
 */
export async function updateParticipantEffect(
  tx: Queryable,
  ctx: { viewer: Viewer; ip: string },
  input: UpdateParticipantInput,
  p: ParticipantRow,
): Promise<{ success: boolean; reason: string | null }> {
  const viewer = ctx.viewer;
  if (!can(viewer, 'edit', 'participants')) return fail(NOT_FOUND_OR_FORBIDDEN);
  const idProblem = identificationProblem(await companyIdentificationSystem(tx, viewer), input);
  if (idProblem) return fail(idProblem);
  const sets: SqlFragment[] = [];
  const text = (key: keyof typeof input, column: string, map: (s: string) => string = (s) => s) => {
    const value = input[key];
    if (value !== undefined) sets.push(sql`${raw(column)} = ${typeof value === 'string' && value !== '' ? map(value) : null}`);
  };
  if (input.firstname !== undefined) sets.push(sql`firstname = ${input.firstname}`);
  if (input.lastname !== undefined) sets.push(sql`lastname = ${input.lastname}`);
  text('prefix', 'prefix');
  text('initials', 'initials');
  text('bsn', 'bsn');
  text('identification', 'identification');
  text('personalCode', 'personal_code');
  text('email', 'email');
  text('phone', 'phone');
  text('street', 'street');
  text('houseNumber', 'house_number');
  text('houseNumberAddition', 'house_number_addition');
  text('zipcode', 'zipcode', (z) => z.replace(/\s+/g, '').toUpperCase());
  text('city', 'city');
  text('municipality', 'municipality');
  text('birthdate', 'birthdate', (d) => parseDutchDate(d) ?? d);
  if (input.sex !== undefined && input.sex !== null) sets.push(sql`sex = ${input.sex}`);
  for (const [key, column] of [['coachId', 'coach_id'], ['managerId', 'manager_id']] as const) {
    if (input[key] === undefined) continue;
    const user = await staffUserInScope(tx, viewer, input[key]);
    if (user === 'invalid') return fail(key === 'coachId' ? 'reasons.coachNotFound' : 'reasons.managerNotFound');
    sets.push(sql`${raw(column)} = ${user}`);
  }
  if (input.projectId !== undefined && input.projectId !== null && input.projectId !== '' && isCompanyAdmin(viewer)) {
    const project = await findInScope<ProjectRow>(tx, 'projects', viewer, input.projectId);
    if (!project) return fail('reasons.projectNotFound');
    sets.push(sql`project_id = ${project.id}`);
  }
  if (input.statusId !== undefined && input.statusId !== null) {
    const status = await tx.query('SELECT 1 FROM participant_statuses WHERE id = $1', [input.statusId]);
    if (!status.rows.length) return fail('reasons.statusInvalid');
    sets.push(sql`status_id = ${input.statusId}`);
  }
  if (sets.length === 0) return ok();
  await run(tx, sql`UPDATE participants SET ${join(sets, ', ')} WHERE id = ${p.id} AND company_id = ${viewer.companyId}`);
  await auditMutation(tx, ctx, 'participant.update', 'participant', Number(p.id), { fields: Object.keys(input).filter((k) => k !== 'id') });
  return ok();
}

const BsnReveal = builder.objectRef<{ success: boolean; reason: string | null; bsn: string | null }>('BsnReveal').implement({
  description: 'The answer of revealParticipantBsn: the whole BSN when allowed.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    bsn: t.exposeString('bsn', { nullable: true }),
  }),
});

builder.mutationField('revealParticipantBsn', (t) =>
  t.field({
    type: BsnReveal,
    description: 'Answers the whole BSN of a participant in scope and logs the reveal (participant.bsn.reveal).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!mayRevealBsn(viewer)) return { success: false, reason: NOT_FOUND_OR_FORBIDDEN, bsn: null };
      const p = await findInScope<ParticipantRow>(ctx.db, 'participants', viewer, args.id);
      if (!p) return { success: false, reason: NOT_FOUND_OR_FORBIDDEN, bsn: null };
      await audit(ctx.db, {
        action: 'participant.bsn.reveal',
        companyId: viewer.companyId,
        userId: viewer.realUserId,
        onBehalfOfUserId: viewer.realUserId !== viewer.userId ? viewer.userId : null,
        subjectType: 'participant',
        subjectId: Number(p.id),
        ip: ctx.ip,
      });
      return { success: true, reason: null, bsn: p.bsn };
    },
  }),
);

interface BsnSearchShape { success: boolean; reason: string | null; params?: Record<string, unknown>; participant: ParticipantRow | null }
const BsnSearch = builder.objectRef<BsnSearchShape>('BsnSearch').implement({
  description: 'The answer of searchParticipantByBsn: the participant with exactly that BSN, or none.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true }),
    params: t.field({ type: 'JSON', nullable: true, resolve: (r) => r.params ?? null }),
    participant: t.field({ type: Participant, nullable: true, resolve: (r) => r.participant }),
  }),
});

builder.mutationField('searchParticipantByBsn', (t) =>
  t.field({
    type: BsnSearch,
    description: `Finds the participant in scope with exactly this BSN (the whole number; roles that may see BSNs only). Every search is logged (participant.bsn.search); at most ${BSN_SEARCH_LIMIT} per user per ${BSN_SEARCH_WINDOW_MINUTES} minutes.`,
    args: { bsn: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const answer = await ctx.db.transaction((tx) => searchByBsn(tx, viewer, args.bsn, ctx.ip));
      switch (answer.kind) {
        case 'forbidden': return { success: false, reason: NOT_FOUND_OR_FORBIDDEN, participant: null };
        case 'invalid': return { success: false, reason: 'reasons.bsnSearchInvalid', participant: null };
        case 'throttled': return { success: false, reason: 'reasons.bsnSearchThrottled', params: { minutes: answer.retryAfterMinutes }, participant: null };
        case 'none': return { success: true, reason: null, participant: null };
        case 'found': return { success: true, reason: null, participant: await findInScope<ParticipantRow>(ctx.db, 'participants', viewer, answer.participantId) };
      }
    },
  }),
);

builder.mutationField('moveParticipant', (t) =>
  t.field({
    type: MutationResult,
    description: 'Moves a participant to another status of the process flow board.',
    args: { participantId: t.arg.id({ required: true }), processFlowStatusId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'participants')) return fail(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(MoveParticipantSchema, args);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      return ctx.db.transaction(async (tx) => {
        const p = await findInScope<ParticipantRow>(tx, 'participants', viewer, parsed.output.participantId, { forUpdate: true });
        if (!p) return fail(NOT_FOUND_OR_FORBIDDEN);
        const { rows } = await tx.query<{ participant_status_id: number | null }>(
          'SELECT participant_status_id FROM process_flow_statuses WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL',
          [parsed.output.processFlowStatusId, viewer.companyId],
        );
        const target = rows[0];
        if (!target || target.participant_status_id === null) return fail('admin.errors.processFlow.status');
        await tx.query('UPDATE participants SET status_id = $1 WHERE id = $2 AND company_id = $3', [target.participant_status_id, p.id, viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'participant.move', 'participant', Number(p.id), { from: p.status_id, to: target.participant_status_id });
        return ok();
      });
    },
  }),
);
