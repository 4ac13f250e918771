import * as v from 'valibot';
import { Role } from '../shared/roles';

/**
 * Company-defined acl roles (01 §3, §6): a label, a parent role (one of the fixed roles) and the
 * selectable/editable flags. A company role has exactly its parent's rights, never more: the parent
 * must be a fixed role that an administrator may hand out, so no chain can climb above it.
 */
export const PARENT_ROLE_IDS: readonly number[] = [Role.participant, Role.manager, Role.coach, Role.administrator, Role.platformUser];

/** The fixed role whose rights a role has: itself for fixed roles, its parent for company roles. */
export function effectiveRoleId(role: { id: number; parentRoleId: number | null; companyId: number | null }): number {
  if (role.companyId === null) return role.id;
  return role.parentRoleId !== null && PARENT_ROLE_IDS.includes(role.parentRoleId) ? role.parentRoleId : Role.platformUser;
}

const label = v.pipe(v.string('admin.errors.role.label'), v.trim(), v.nonEmpty('admin.errors.role.label'), v.maxLength(100, 'admin.errors.role.label'));

export const AclRoleInputSchema = v.object({
  id: v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.regex(/^\d{1,15}$/, 'admin.errors.role.notFound'), v.transform(Number))),
  label,
  parentRoleId: v.pipe(
    v.union([v.string('admin.errors.role.parent'), v.number('admin.errors.role.parent')], 'admin.errors.role.parent'),
    v.transform(Number),
    v.check((n) => PARENT_ROLE_IDS.includes(n), 'admin.errors.role.parent'),
  ),
  selectable: v.boolean(),
  editable: v.boolean(),
});
export type AclRoleInput = v.InferOutput<typeof AclRoleInputSchema>;
