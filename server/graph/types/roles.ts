import * as v from 'valibot';
import { builder, fail, MutationResult, ok } from '../builder';
import { run, sql } from '../../db/sql';
import { can, requireViewer } from '../../auth/permissions';
import { auditMutation, created, CreateResult, issuesReason, notCreated, parseId } from '../scoped';
import { AclRoleInputSchema } from '../../../src/domain/company-settings/roles';
import type { AclRoleRow } from '../rows';
import type { Queryable } from '../../db/db';
import type { Viewer } from '../../auth/viewer';

/**
 * Company-defined acl roles (/rechten, 01 §6). A company role names one fixed role as its parent and
 * gets exactly that role's rights (src/domain/company-settings/roles.ts effectiveRoleId); the fixed
 * roles themselves cannot be changed.
 */
async function ownRole(tx: Queryable, viewer: Viewer, id: unknown): Promise<AclRoleRow | null> {
  const n = parseId(id as string);
  if (n === null) return null;
  const { rows } = await run<AclRoleRow>(
    tx,
    sql`SELECT * FROM acl_roles t WHERE t.id = ${n} AND t.company_id = ${viewer.companyId} AND t.deleted_at IS NULL FOR UPDATE`,
  );
  return rows[0] ?? null;
}

const AclRoleInput = builder.inputType('AclRoleInput', {
  fields: (t) => ({
    id: t.id(),
    label: t.string({ required: true }),
    parentRoleId: t.id({ required: true }),
    selectable: t.boolean({ required: true }),
    editable: t.boolean({ required: true }),
  }),
});

const roleKey = (label: string) => `company:${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 60)}`;

builder.mutationField('addAclRole', (t) =>
  t.field({
    type: CreateResult,
    args: { input: t.arg({ type: AclRoleInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'add', 'roles')) return notCreated('admin.errors.forbidden');
      const parsed = v.safeParse(AclRoleInputSchema, { ...args.input, id: undefined });
      if (!parsed.success) return notCreated(...issuesReason(parsed.issues));
      const input = parsed.output;
      return ctx.db.transaction(async (tx) => {
        const { rows } = await run<{ id: number }>(
          tx,
          sql`INSERT INTO acl_roles (role, label, parent_role_id, selectable, editable, company_id)
              VALUES (${roleKey(input.label)}, ${input.label}, ${input.parentRoleId}, ${input.selectable}, ${input.editable}, ${viewer.companyId}) RETURNING id`,
        );
        const id = Number(rows[0]?.id);
        await auditMutation(tx, { ...ctx, viewer }, 'role.add', 'aclRole', id, { parentRoleId: input.parentRoleId });
        return created(id);
      });
    },
  }),
);

builder.mutationField('updateAclRole', (t) =>
  t.field({
    type: MutationResult,
    args: { input: t.arg({ type: AclRoleInput, required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'edit', 'roles')) return fail('admin.errors.forbidden');
      const parsed = v.safeParse(AclRoleInputSchema, args.input);
      if (!parsed.success) return fail(...issuesReason(parsed.issues));
      const input = parsed.output;
      return ctx.db.transaction(async (tx) => {
        const role = await ownRole(tx, viewer, input.id);
        if (!role) return fail('admin.errors.role.notFound');
        if (!role.editable) return fail('admin.errors.role.notEditable');
        await run(
          tx,
          sql`UPDATE acl_roles SET label = ${input.label}, parent_role_id = ${input.parentRoleId}, selectable = ${input.selectable}, editable = ${input.editable}
               WHERE id = ${role.id} AND company_id = ${viewer.companyId}`,
        );
        await auditMutation(tx, { ...ctx, viewer }, 'role.update', 'aclRole', Number(role.id), { parentRoleId: input.parentRoleId });
        return ok();
      });
    },
  }),
);

builder.mutationField('deleteAclRole', (t) =>
  t.field({
    type: MutationResult,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!can(viewer, 'delete', 'roles')) return fail('admin.errors.forbidden');
      return ctx.db.transaction(async (tx) => {
        const role = await ownRole(tx, viewer, args.id);
        if (!role) return fail('admin.errors.role.notFound');
        if (!role.editable) return fail('admin.errors.role.notEditable');
        const used = await tx.query('SELECT 1 FROM users WHERE acl_role_id = $1 AND deleted_at IS NULL LIMIT 1', [role.id]);
        if (used.rows.length) return fail('admin.errors.role.inUse');
        await tx.query('UPDATE acl_roles SET deleted_at = now() WHERE id = $1 AND company_id = $2', [role.id, viewer.companyId]);
        await auditMutation(tx, { ...ctx, viewer }, 'role.delete', 'aclRole', Number(role.id));
        return ok();
      });
    },
  }),
);
