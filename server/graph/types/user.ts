import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { join, raw, run, sql, type SqlFragment } from '../../db/sql';
import { usersScope, projectsScope, isCompanyAdmin } from '../../auth/scope';
import { can, NOT_FOUND_OR_FORBIDDEN, requireViewer } from '../../auth/permissions';
import { revokeUserSessions } from '../../auth/session';
import { forgetUser } from '../../auth/session-cache';
import type { Viewer } from '../../auth/viewer';
import type { Queryable } from '../../db/db';
import { AclRole, Company, Participant, Project, User } from '../refs';
import type { AclRoleRow, CompanyRow, ParticipantRow, ProjectRow, UserRow } from '../rows';
import { IMPERSONATION_IDENTITY_REFUSED, mayChangeAccountIdentity } from '../../auth/email-change';
import { loadInScope } from '../batch-load';
import { auditMutation, created, CreateResult, findInScope, idsInScope, issuesReason, notCreated, parseId } from '../scoped';
import { pageClause, paginatedType } from '../paginated';
import { AddUserSchema, NO_IDENTIFIER, UserIdSchema, type UpdateUserInput } from '../../../src/domain/users/user-input';
import { parseDutchDate } from '../../../src/domain/users/field-rules';
import { ASSIGNABLE_ROLE_IDS } from '../../../src/domain/users/roles-policy';
import { Role } from '../../../src/domain/shared/roles';
import { Visibility } from '../../../src/domain/shared/visibility';

/** Fields only an administrator or the user themselves may read (internal notes, personal codes). */
function mayReadPrivate(viewer: Viewer, user: UserRow): boolean {
  return isCompanyAdmin(viewer) || viewer.userId === Number(user.id);
}

export interface RoleShape {
  id: number;
  label: string;
}
export const RoleRef = builder.objectRef<RoleShape>('Role').implement({
  description: 'The role of a user: id (01 §6) and label.',
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label') }),
});

AclRole.implement({
  description: 'An acl role: the fixed roles of the spec or a role of the company with a parent role.',
  fields: (t) => ({
    id: t.exposeID('id'),
    role: t.exposeString('role'),
    label: t.exposeString('label'),
    selectable: t.exposeBoolean('selectable'),
    editable: t.exposeBoolean('editable'),
    parentRole: t.field({
      type: AclRole,
      nullable: true,
      resolve: (r, _a, ctx) => (r.parent_role_id === null ? null : loadAclRole(ctx.db, requireViewer(ctx), r.parent_role_id)),
    }),
  }),
});

export async function loadAclRole(db: Queryable, viewer: Viewer, id: number): Promise<AclRoleRow | null> {
  const { rows } = await run<AclRoleRow>(
    db,
    sql`SELECT * FROM acl_roles t WHERE t.id = ${id} AND t.deleted_at IS NULL AND (t.company_id IS NULL OR t.company_id = ${viewer.companyId})`,
  );
  return rows[0] ?? null;
}

export interface MfaFlags {
  active: boolean;
  setup: boolean;
  validated: boolean;
}
const MfaFlagsRef = builder.objectRef<MfaFlags>('MfaFlags').implement({
  description: 'Two-step authentication: active, set up, and validated in the current session.',
  fields: (t) => ({
    active: t.exposeBoolean('active'),
    setup: t.exposeBoolean('setup'),
    validated: t.exposeBoolean('validated'),
  }),
});

async function sessionMfaValidated(db: Queryable, viewer: Viewer): Promise<boolean> {
  const { rows } = await db.query<{ mfa_validated: boolean }>('SELECT mfa_validated FROM sessions WHERE id = $1', [viewer.sessionId]);
  return rows[0]?.mfa_validated ?? false;
}

const privateString = (column: keyof UserRow) => ({
  type: 'String' as const,
  nullable: true as const,
  resolve: (u: UserRow, _a: unknown, ctx: { viewer: Viewer | null }) => {
    const value = u[column];
    return mayReadPrivate(requireViewer(ctx), u) && (typeof value === 'string' || typeof value === 'number') ? String(value) : null;
  },
});

User.implement({
  description: 'A user of the platform (staff or a participant login).',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    username: t.exposeString('username'),
    initials: t.exposeString('initials', { nullable: true }),
    givenName: t.exposeString('given_name', { nullable: true }),
    surname: t.exposeString('surname', { nullable: true }),
    fullName: t.string({
      description: 'Given name (or initials) plus surname.',
      resolve: (u) => [u.given_name || u.initials, u.surname].filter((x) => x).join(' '),
    }),
    sex: t.exposeString('sex'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    personalCode: t.field(privateString('personal_code')),
    sbbUserCode: t.field(privateString('sbb_user_code')),
    dateOfBirth: t.field(privateString('date_of_birth')),
    experienceCoaching: t.field(privateString('experience_coaching')),
    experienceNotes: t.field(privateString('experience_notes')),
    notes: t.field(privateString('notes')),
    accessToAllParticipants: t.exposeBoolean('access_to_all_participants'),
    wageValueExpert: t.exposeBoolean('wage_value_expert'),
    validated: t.exposeBoolean('validated'),
    display: t.exposeInt('display'),
    blocked: t.boolean({ resolve: (u) => u.display === Visibility.blocked }),
    company: t.field({
      type: Company,
      nullable: true,
      resolve: (u, _a, ctx) => loadInScope<CompanyRow>(ctx, 'companies', requireViewer(ctx), u.company_id),
    }),
    project: t.field({
      type: Project,
      nullable: true,
      resolve: (u, _a, ctx) => (u.project_id === null ? null : loadInScope<ProjectRow>(ctx, 'projects', requireViewer(ctx), u.project_id)),
    }),
    role: t.field({
      type: RoleRef,
      nullable: true,
      resolve: async (u, _a, ctx) => {
        const r = await loadAclRole(ctx.db, requireViewer(ctx), u.acl_role_id);
        return r ? { id: Number(r.id), label: r.label } : null;
      },
    }),
    aclRole: t.field({ type: AclRole, nullable: true, resolve: (u, _a, ctx) => loadAclRole(ctx.db, requireViewer(ctx), u.acl_role_id) }),
    participant: t.field({
      type: Participant,
      nullable: true,
      description: 'The participant this login belongs to (role 2), when in scope.',
      resolve: async (u, _a, ctx) => {
        const viewer = requireViewer(ctx);
        const { rows } = await ctx.db.query<{ id: number }>('SELECT id FROM participants WHERE user_id = $1 AND deleted_at IS NULL', [u.id]);
        return rows[0] ? findInScope<ParticipantRow>(ctx.db, 'participants', viewer, rows[0].id) : null;
      },
    }),
    imitationOptions: t.field({
      type: [User],
      description: 'Users this user may act as (impersonation). Visible to administrators and the user.',
      resolve: async (u, _a, ctx) => {
        const viewer = requireViewer(ctx);
        if (!mayReadPrivate(viewer, u)) return [];
        const { rows } = await run<UserRow>(
          ctx.db,
          sql`SELECT t.* FROM user_imitation_options o JOIN users t ON t.id = o.target_user_id
               WHERE o.user_id = ${u.id} AND o.company_id = ${viewer.companyId} AND t.deleted_at IS NULL AND ${usersScope(viewer, 't')}
               ORDER BY lower(t.surname), t.id`,
        );
        return rows;
      },
    }),
    mfa: t.field({
      type: MfaFlagsRef,
      resolve: async (u, _a, ctx) => {
        const viewer = requireViewer(ctx);
        const own = viewer.userId === Number(u.id);
        return { active: u.mfa_active, setup: u.mfa_setup, validated: own ? await sessionMfaValidated(ctx.db, viewer) : false };
      },
    }),
    settings: t.field({
      type: 'JSON',
      nullable: true,
      resolve: (u, _a, ctx) => (mayReadPrivate(requireViewer(ctx), u) ? u.settings : null),
    }),
  }),
});

const UserPage = paginatedType('User', User);

function userSearch(viewer: Viewer, args: { search?: string | null; roleId?: string | null; projectId?: string | null; includeBlocked?: boolean | null }): SqlFragment {
  const parts: SqlFragment[] = [sql`t.deleted_at IS NULL`, sql`t.display <> 0`, usersScope(viewer, 't')];
  if (!args.includeBlocked) parts.push(sql`t.display <> ${Visibility.blocked}`);
  const term = args.search?.trim();
  if (term) {
    const like = `%${term.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(lower(t.username) LIKE ${like} OR lower(coalesce(t.given_name, '')) LIKE ${like} OR lower(coalesce(t.surname, '')) LIKE ${like} OR lower(coalesce(t.email, '')) LIKE ${like})`);
  }
  const roleId = parseId(args.roleId);
  if (args.roleId && roleId === null) parts.push(raw('FALSE'));
  if (roleId !== null) parts.push(sql`t.acl_role_id = ${roleId}`);
  const projectId = parseId(args.projectId);
  if (args.projectId && projectId === null) parts.push(raw('FALSE'));
  if (projectId !== null) parts.push(sql`t.project_id = ${projectId}`);
  return join(parts, ' AND ');
}

builder.queryField('users', (t) =>
  t.field({
    type: UserPage,
    description: 'Users in scope, searched by username, name or e-mail; paged (perPage 0 = all).',
    args: {
      search: t.arg.string(),
      roleId: t.arg.id(),
      projectId: t.arg.id(),
      includeBlocked: t.arg.boolean(),
      page: t.arg.int(),
      perPage: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'users')) return { totalItems: 0, records: [] };
      const where = userSearch(viewer, args);
      const count = await run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM users t WHERE ${where}`);
      const { rows } = await run<UserRow>(
        ctx.db,
        sql`SELECT t.* FROM users t WHERE ${where} ORDER BY lower(coalesce(t.surname, '')), lower(t.username), t.id${pageClause(args)}`,
      );
      return { totalItems: count.rows[0]?.n ?? 0, records: rows };
    },
  }),
);

builder.queryField('user', (t) =>
  t.field({
    type: User,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => findInScope<UserRow>(ctx.db, 'users', requireViewer(ctx), args.id),
  }),
);

builder.queryField('aclRoles', (t) =>
  t.field({
    type: [AclRole],
    description: 'Roles of the company (the fixed roles and its own); selectableOnly for the add-user form.',
    args: { selectableOnly: t.arg.boolean() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'view', 'users')) return [];
      const { rows } = await run<AclRoleRow>(
        ctx.db,
        sql`SELECT * FROM acl_roles t WHERE t.deleted_at IS NULL AND (t.company_id IS NULL OR t.company_id = ${viewer.companyId})
            ${args.selectableOnly ? sql`AND t.selectable` : sql``} ORDER BY t.id`,
      );
      return rows;
    },
  }),
);

// ---------------------------------------------------------------------------------------------- mutations

const UserInput = builder.inputType('UserInput', {
  description: 'addUser: no id; username and roleId given (updateUser is a declared write with its own input).',
  fields: (t) => ({
    id: t.id(),
    username: t.string(),
    roleId: t.id(),
    givenName: t.string(),
    initials: t.string(),
    surname: t.string(),
    email: t.string(),
    phone: t.string(),
    sex: t.string(),
    dateOfBirth: t.string({ description: 'DD-MM-YYYY' }),
    personalCode: t.string(),
    sbbUserCode: t.string(),
    projectId: t.id(),
    accessToAllParticipants: t.boolean(),
    wageValueExpert: t.boolean(),
    experienceCoaching: t.string(),
    experienceNotes: t.string(),
    notes: t.string(),
  }),
});

/** Administrators of rank (superAdministrator, developer) may only be managed by their peers. */
function outranks(viewer: Viewer, target: UserRow): boolean {
  const high = [Role.superAdministrator, Role.developer] as number[];
  return !high.includes(Number(target.acl_role_id)) || high.includes(viewer.roleId);
}

async function projectInScope(db: Queryable, viewer: Viewer, projectId: unknown): Promise<number | null | 'invalid'> {
  if (projectId === null || projectId === undefined || projectId === '') return null;
  const { rows } = await run<{ id: number }>(db, sql`SELECT t.id FROM projects t WHERE t.id = ${parseId(projectId as string) ?? 0} AND t.deleted_at IS NULL AND ${projectsScope(viewer, 't')}`);
  return rows[0] ? Number(rows[0].id) : 'invalid';
}

const dateOrNull = (s: string | null | undefined) => (s ? parseDutchDate(s) : null);
const textOrNull = (s: string | null | undefined) => (s === undefined || s === null || s === '' ? null : s);

builder.mutationField('addUser', (t) =>
  t.field({
    type: CreateResult,
    args: { input: t.arg({ type: UserInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'users')) return notCreated(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(AddUserSchema, args.input);
      if (!parsed.success) return notCreated(...issuesReason(parsed.issues));
      const input = parsed.output;
      return ctx.db.transaction(async (tx) => {
        // a fixed role that may be handed out, or a selectable role of the company (it has its parent's rights)
        if (!ASSIGNABLE_ROLE_IDS.includes(input.roleId)) {
          const own = await loadAclRole(tx, viewer, input.roleId);
          if (!own || own.company_id === null || !own.selectable) return notCreated('reasons.roleNotAssignable');
        }
        const project = await projectInScope(tx, viewer, input.projectId);
        if (project === 'invalid') return notCreated('reasons.projectNotFound');
        const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [input.username]);
        if (taken.rows.length) return notCreated('auth.usernameInUse');
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO users (company_id, project_id, acl_role_id, username, given_name, initials, surname, email, phone, sex,
                              date_of_birth, personal_code, sbb_user_code, access_to_all_participants, wage_value_expert,
                              experience_coaching, experience_notes, notes, password_validated)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, false) RETURNING id`,
          [
            viewer.companyId, project, input.roleId, input.username, textOrNull(input.givenName), textOrNull(input.initials), input.surname,
            textOrNull(input.email), textOrNull(input.phone), input.sex ?? 'unknown', dateOrNull(input.dateOfBirth), textOrNull(input.personalCode),
            textOrNull(input.sbbUserCode), input.accessToAllParticipants ?? false, input.wageValueExpert ?? false,
            textOrNull(input.experienceCoaching), textOrNull(input.experienceNotes), textOrNull(input.notes),
          ],
        );
        const id = Number(rows[0]?.id);
        await auditMutation(tx, { ...ctx, viewer }, 'user.add', 'user', id, { username: input.username, roleId: input.roleId });
        return created(id);
      });
    },
  }),
);

/**
 * Edits a user (the declared write updateUser, server/graph/types/user-writes.ts): only the fields sent
 * change; username and role never do. Administrators edit users in scope; anyone their own profile.
 */
export async function updateUserEffect(tx: Queryable, ctx: { viewer: Viewer; ip: string }, input: UpdateUserInput, target: UserRow): Promise<{ success: boolean; reason: string | null }> {
  const viewer = ctx.viewer;
  const self = input.id === viewer.userId;
  const asAdmin = can(viewer, 'edit', 'users');
  if (!asAdmin && !(self && can(viewer, 'edit', 'ownProfile'))) return fail(NOT_FOUND_OR_FORBIDDEN);
  if (Number(target.company_id) !== viewer.companyId || (asAdmin && !self && !outranks(viewer, target))) return fail(NOT_FOUND_OR_FORBIDDEN);
  // only the fields sent change (01 §5): a field left out of the input keeps its stored value
  const sets: SqlFragment[] = [];
  const sent = (key: keyof typeof input) => input[key] !== undefined;
  // Issue 20: the e-mail address is who receives reset links. Under impersonation it never changes; one's
  // own address changes only through changeEmail (the password again, the old address told).
  const storedEmail = typeof target.email === 'string' ? target.email.trim() : '';
  if (sent('email') && (textOrNull(input.email) ?? '').toLowerCase() !== storedEmail.toLowerCase()) {
    if (!mayChangeAccountIdentity(viewer)) return fail(IMPERSONATION_IDENTITY_REFUSED);
    if (self) return fail('reasons.emailNeedsPassword');
  }
  if (sent('givenName')) sets.push(sql`given_name = ${textOrNull(input.givenName)}`);
  if (sent('initials')) sets.push(sql`initials = ${textOrNull(input.initials)}`);
  if (input.surname !== undefined) sets.push(sql`surname = ${input.surname}`);
  if (sent('email')) sets.push(sql`email = ${textOrNull(input.email)}`);
  if (sent('phone')) sets.push(sql`phone = ${textOrNull(input.phone)}`);
  if (input.sex !== undefined && input.sex !== null) sets.push(sql`sex = ${input.sex}`);
  if (sent('dateOfBirth')) sets.push(sql`date_of_birth = ${dateOrNull(input.dateOfBirth)}`);
  if (asAdmin) {
    // company and project are left out when empty
    const project = await projectInScope(tx, viewer, input.projectId);
    if (project === 'invalid') return fail('reasons.projectNotFound');
    if (project !== null) sets.push(sql`project_id = ${project}`);
    if (input.accessToAllParticipants !== undefined && input.accessToAllParticipants !== null) sets.push(sql`access_to_all_participants = ${input.accessToAllParticipants}`);
    if (input.wageValueExpert !== undefined && input.wageValueExpert !== null) sets.push(sql`wage_value_expert = ${input.wageValueExpert}`);
    if (sent('personalCode')) sets.push(sql`personal_code = ${textOrNull(input.personalCode)}`);
    if (sent('sbbUserCode')) sets.push(sql`sbb_user_code = ${textOrNull(input.sbbUserCode)}`);
    if (sent('experienceCoaching')) sets.push(sql`experience_coaching = ${textOrNull(input.experienceCoaching)}`);
    if (sent('experienceNotes')) sets.push(sql`experience_notes = ${textOrNull(input.experienceNotes)}`);
    if (sent('notes')) sets.push(sql`notes = ${textOrNull(input.notes)}`);
  }
  if (sets.length === 0) return ok();
  forgetUser(Number(input.id)); // cached sessions of this user are read again (server/auth/session-cache.ts)
  await run(tx, sql`UPDATE users SET ${join(sets, ', ')} WHERE id = ${input.id} AND company_id = ${viewer.companyId}`);
  await auditMutation(tx, ctx, 'user.update', 'user', input.id, { self });
  return ok();
}

function blockMutation(name: 'blockUser' | 'unblockUser', display: number) {
  builder.mutationField(name, (t) =>
    t.field({
      type: MutationResult,
      args: { id: t.arg.id() },
      resolve: async (_r, args, ctx) => {
        const viewer = requireViewer(ctx);
        const parsed = v.safeParse(UserIdSchema, args.id);
        if (!parsed.success) return fail(NO_IDENTIFIER);
        if (!can(viewer, 'block', 'users')) return fail(NOT_FOUND_OR_FORBIDDEN);
        const id = parsed.output;
        if (id === viewer.userId || id === viewer.realUserId) return fail('reasons.cannotBlockSelf');
        return ctx.db.transaction(async (tx) => {
          const target = await findInScope<UserRow>(tx, 'users', viewer, id, { forUpdate: true });
          if (!target || !outranks(viewer, target)) return fail(NOT_FOUND_OR_FORBIDDEN);
          forgetUser(id);
          await tx.query('UPDATE users SET display = $1 WHERE id = $2 AND company_id = $3', [display, id, viewer.companyId]);
          if (display === Visibility.blocked) await revokeUserSessions(tx, id, 'blocked');
          await auditMutation(tx, { ...ctx, viewer }, name === 'blockUser' ? 'user.block' : 'user.unblock', 'user', id);
          return ok();
        });
      },
    }),
  );
}
blockMutation('blockUser', Visibility.blocked);
blockMutation('unblockUser', Visibility.visible);

builder.mutationField('setImitationOptions', (t) =>
  t.field({
    type: MutationResult,
    description: 'Sets the users a user may act as; only users of the same company, never a super administrator.',
    args: { userId: t.arg.id({ required: true }), userIds: t.arg.idList({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'manage', 'imitationOptions')) return fail(NOT_FOUND_OR_FORBIDDEN);
      const targetIds = [...new Set(args.userIds.map((x) => parseId(x)))];
      if (targetIds.some((x) => x === null)) return fail(NOT_FOUND_OR_FORBIDDEN);
      const wanted = (targetIds as number[]).filter((x) => x !== parseId(args.userId));
      return ctx.db.transaction(async (tx) => {
        const user = await findInScope<UserRow>(tx, 'users', viewer, args.userId, { forUpdate: true });
        if (!user || !outranks(viewer, user)) return fail(NOT_FOUND_OR_FORBIDDEN);
        const inScope = await idsInScope(tx, 'users', viewer, wanted);
        if (inScope.length !== wanted.length) return fail(NOT_FOUND_OR_FORBIDDEN);
        const { rows: sa } = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM users WHERE id = ANY($1::bigint[]) AND acl_role_id = $2',
          [wanted, Role.superAdministrator],
        );
        if ((sa[0]?.n ?? 0) > 0) return fail('auth.saImitationForbidden');
        await tx.query('DELETE FROM user_imitation_options WHERE user_id = $1 AND company_id = $2', [user.id, viewer.companyId]);
        for (const target of wanted) {
          await tx.query('INSERT INTO user_imitation_options (user_id, target_user_id, company_id) VALUES ($1, $2, $3)', [user.id, target, viewer.companyId]);
        }
        // the user row carries the list for replication: touch it so pulls see the change
        await tx.query('UPDATE users SET updated_at = now() WHERE id = $1', [user.id]);
        await auditMutation(tx, { ...ctx, viewer }, 'user.imitationOptions', 'user', Number(user.id), { userIds: wanted });
        return ok();
      });
    },
  }),
);

