import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { join, run, sql, type SqlFragment } from '../../db/sql';
import { invitationsScope } from '../../auth/scope';
import { can, NOT_FOUND_OR_FORBIDDEN, requireViewer } from '../../auth/permissions';
import { authSettings } from '../../auth/settings';
import { sendInvitationLink } from '../../auth/invitations';
import type { Viewer } from '../../auth/viewer';
import type { Queryable } from '../../db/db';
import type { Config } from '../../config';
import { AclRole, Company, Invitation, Participant, Project, User } from '../refs';
import type { CompanyRow, InvitationRow, ParticipantRow, ProjectRow, UserRow } from '../rows';
import { auditMutation, created, CreateResult, findInScope, isoOrNull, issuesReason, notCreated, parseId } from '../scoped';
import { pageClause, paginatedType } from '../paginated';
import { loadAclRole } from './user';
import { AddInvitationSchema, INVITATION_VALIDITY_DAYS, UpdateInvitationSchema } from '../../../src/domain/users/invitation-input';
import { ASSIGNABLE_ROLE_IDS, roleKind } from '../../../src/domain/users/roles-policy';
import { Role } from '../../../src/domain/shared/roles';

const running = (i: InvitationRow) => !i.revoked && i.confirmed_at === null && new Date(i.time_expire).getTime() > Date.now();

Invitation.implement({
  description: 'An invitation to create an account (01 §3): running or expired; can be resent or removed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    uuid: t.exposeString('uuid'),
    username: t.exposeString('username'),
    email: t.exposeString('email'),
    givenName: t.exposeString('given_name', { nullable: true }),
    surname: t.exposeString('surname', { nullable: true }),
    revoked: t.boolean({ description: 'True when the invitation no longer runs (expired, removed or used).', resolve: (i) => !running(i) }),
    status: t.string({
      description: 'running, expired, revoked or confirmed',
      resolve: (i) => (i.confirmed_at ? 'confirmed' : i.revoked ? 'revoked' : running(i) ? 'running' : 'expired'),
    }),
    role: t.field({ type: AclRole, nullable: true, resolve: (i, _a, ctx) => loadAclRole(ctx.db, requireViewer(ctx), i.acl_role_id) }),
    aclRole: t.field({ type: AclRole, nullable: true, resolve: (i, _a, ctx) => loadAclRole(ctx.db, requireViewer(ctx), i.acl_role_id) }),
    project: t.field({
      type: Project,
      nullable: true,
      resolve: (i, _a, ctx) => (i.project_id === null ? null : findInScope<ProjectRow>(ctx.db, 'projects', requireViewer(ctx), i.project_id)),
    }),
    company: t.field({ type: Company, nullable: true, resolve: (i, _a, ctx) => findInScope<CompanyRow>(ctx.db, 'companies', requireViewer(ctx), i.company_id) }),
    user: t.field({
      type: User,
      nullable: true,
      resolve: (i, _a, ctx) => (i.user_id === null ? null : findInScope<UserRow>(ctx.db, 'users', requireViewer(ctx), i.user_id)),
    }),
    participant: t.field({
      type: Participant,
      nullable: true,
      resolve: (i, _a, ctx) => (i.participant_id === null ? null : findInScope<ParticipantRow>(ctx.db, 'participants', requireViewer(ctx), i.participant_id)),
    }),
    sendCount: t.exposeInt('send_count'),
    timeCreated: t.string({ nullable: true, resolve: (i) => isoOrNull(i.created_at) }),
    timeLastUpdated: t.string({ nullable: true, resolve: (i) => isoOrNull(i.updated_at) }),
    timeExpire: t.string({ nullable: true, resolve: (i) => isoOrNull(i.time_expire) }),
  }),
});

const InvitationPage = paginatedType('Invitation', Invitation);

builder.queryField('invitations', (t) =>
  t.field({
    type: InvitationPage,
    description: 'Invitations in scope; optionally of one participant; paged.',
    args: { participantId: t.arg.id(), search: t.arg.string(), page: t.arg.int(), perPage: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parts: SqlFragment[] = [sql`t.deleted_at IS NULL`, invitationsScope(viewer, 't')];
      if (args.participantId) parts.push(sql`t.participant_id = ${parseId(args.participantId) ?? 0}`);
      const term = args.search?.trim().toLowerCase();
      if (term) {
        const like = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
        parts.push(sql`(lower(t.username) LIKE ${like} OR lower(t.email) LIKE ${like} OR lower(coalesce(t.surname, '')) LIKE ${like})`);
      }
      const where = join(parts, ' AND ');
      const count = await run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM invitations t WHERE ${where}`);
      const { rows } = await run<InvitationRow>(ctx.db, sql`SELECT t.* FROM invitations t WHERE ${where} ORDER BY t.created_at DESC, t.id DESC${pageClause(args)}`);
      return { totalItems: count.rows[0]?.n ?? 0, records: rows };
    },
  }),
);

/** Restarts an invitation's validity and mails a fresh link (the previous link stops working). */
async function issueInvitationLink(tx: Queryable, config: Config, viewer: Viewer, invitationId: number): Promise<void> {
  const settings = authSettings(config);
  const expires = new Date(settings.now().getTime() + INVITATION_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  await tx.query('UPDATE invitations SET time_expire = $1, revoked = false WHERE id = $2 AND company_id = $3', [expires, invitationId, viewer.companyId]);
  await sendInvitationLink(tx, config, settings, invitationId);
}

const InvitationInput = builder.inputType('InvitationInput', {
  description: 'Add: username, email and roleId (and participantId to give a participant a login). Update: id, email, names, project.',
  fields: (t) => ({
    id: t.id(),
    username: t.string(),
    email: t.string(),
    givenName: t.string(),
    surname: t.string(),
    roleId: t.id(),
    projectId: t.id(),
    participantId: t.id(),
  }),
});

const textOrNull = (s: string | null | undefined) => (s === undefined || s === null || s === '' ? null : s);

builder.mutationField('addInvitation', (t) =>
  t.field({
    type: CreateResult,
    args: { input: t.arg({ type: InvitationInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'invitations')) return notCreated(NOT_FOUND_OR_FORBIDDEN);
      const parsed = v.safeParse(AddInvitationSchema, args.input);
      if (!parsed.success) return notCreated(...issuesReason(parsed.issues));
      const input = parsed.output;
      if (!ASSIGNABLE_ROLE_IDS.includes(input.roleId)) return notCreated('reasons.roleNotAssignable');
      // managers invite participants only (for a participant in their scope); administrators anyone
      if (roleKind(viewer.roleId) !== 'admin' && input.roleId !== Role.participant) return notCreated(NOT_FOUND_OR_FORBIDDEN);
      return ctx.db.transaction(async (tx) => {
        let participantId: number | null = null;
        if (input.participantId !== null && input.participantId !== undefined && input.participantId !== '') {
          const p = await findInScope<ParticipantRow>(tx, 'participants', viewer, input.participantId);
          if (!p) return notCreated(NOT_FOUND_OR_FORBIDDEN);
          if (p.user_id !== null) return notCreated('reasons.participantHasAccount');
          participantId = Number(p.id);
        }
        if (input.roleId === Role.participant && participantId === null) return notCreated('reasons.participantRequired');
        let projectId: number | null = null;
        if (input.projectId !== null && input.projectId !== undefined && input.projectId !== '') {
          const project = await findInScope<ProjectRow>(tx, 'projects', viewer, input.projectId);
          if (!project) return notCreated('reasons.projectNotFound');
          projectId = Number(project.id);
        }
        const taken = await tx.query(
          `SELECT 1 FROM users WHERE lower(username) = lower($1)
           UNION ALL SELECT 1 FROM invitations WHERE lower(username) = lower($1) AND NOT revoked AND deleted_at IS NULL AND confirmed_at IS NULL AND time_expire > now()`,
          [input.username],
        );
        if (taken.rows.length) return notCreated('auth.usernameInUse');
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO invitations (company_id, project_id, acl_role_id, username, email, given_name, surname, participant_id, invited_by_user_id, time_expire)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + interval '1 day') RETURNING id`,
          [viewer.companyId, projectId, input.roleId, input.username, input.email, textOrNull(input.givenName), textOrNull(input.surname), participantId, viewer.userId],
        );
        const id = Number(rows[0]?.id);
        await issueInvitationLink(tx, ctx.config, viewer, id);
        await auditMutation(tx, { ...ctx, viewer }, 'invitation.add', 'invitation', id, { username: input.username, roleId: input.roleId });
        return created(id);
      });
    },
  }),
);

async function editableInvitation(tx: Queryable, viewer: Viewer, privilege: 'edit' | 'delete', id: unknown): Promise<InvitationRow | null> {
  if (!can(viewer, privilege, 'invitations')) return null;
  return findInScope<InvitationRow>(tx, 'invitations', viewer, id as string, { forUpdate: true });
}

builder.mutationField('updateInvitation', (t) =>
  t.field({
    type: MutationResult,
    args: { input: t.arg({ type: InvitationInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = v.safeParse(UpdateInvitationSchema, args.input);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const input = parsed.output;
      return ctx.db.transaction(async (tx) => {
        const inv = await editableInvitation(tx, viewer, 'edit', input.id);
        if (!inv) return fail(NOT_FOUND_OR_FORBIDDEN);
        if (inv.confirmed_at) return fail('reasons.invitationUsed');
        let projectId = inv.project_id;
        if (input.projectId !== null && input.projectId !== undefined && input.projectId !== '') {
          const project = await findInScope<ProjectRow>(tx, 'projects', viewer, input.projectId);
          if (!project) return fail('reasons.projectNotFound');
          projectId = Number(project.id);
        }
        await tx.query(
          'UPDATE invitations SET email = $1, given_name = $2, surname = $3, project_id = $4 WHERE id = $5 AND company_id = $6',
          [input.email, textOrNull(input.givenName), textOrNull(input.surname), projectId, inv.id, viewer.companyId],
        );
        await auditMutation(tx, { ...ctx, viewer }, 'invitation.update', 'invitation', Number(inv.id));
        return ok();
      });
    },
  }),
);

builder.mutationField('resendInvitation', (t) =>
  t.field({
    type: MutationResult,
    description: 'Sends a fresh link (the old one stops working) and restarts the validity.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      return ctx.db.transaction(async (tx) => {
        const inv = await editableInvitation(tx, viewer, 'edit', args.id);
        if (!inv) return fail(NOT_FOUND_OR_FORBIDDEN);
        if (inv.confirmed_at) return fail('reasons.invitationUsed');
        await tx.query('UPDATE invitations SET send_count = send_count + 1 WHERE id = $1', [inv.id]);
        await issueInvitationLink(tx, ctx.config, viewer, Number(inv.id));
        await auditMutation(tx, { ...ctx, viewer }, 'invitation.resend', 'invitation', Number(inv.id));
        return ok();
      });
    },
  }),
);

builder.mutationField('deleteInvitation', (t) =>
  t.field({
    type: MutationResult,
    description: 'Removes an invitation: its link stops working.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      return ctx.db.transaction(async (tx) => {
        const inv = await editableInvitation(tx, viewer, 'delete', args.id);
        if (!inv) return fail(NOT_FOUND_OR_FORBIDDEN);
        await tx.query('UPDATE invitations SET revoked = true, deleted_at = now() WHERE id = $1 AND company_id = $2', [inv.id, viewer.companyId]);
        await tx.query("UPDATE auth_tokens SET used_at = now() WHERE purpose = 'invitation' AND subject_id = $1 AND used_at IS NULL", [inv.id]);
        await auditMutation(tx, { ...ctx, viewer }, 'invitation.delete', 'invitation', Number(inv.id));
        return ok();
      });
    },
  }),
);
