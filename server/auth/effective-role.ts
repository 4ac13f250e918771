import { PARENT_ROLE_IDS } from '../../src/domain/company-settings/roles';
import { Role } from '../../src/domain/shared/roles';

/**
 * The SQL of the fixed role whose rights a user's role has (src/domain/company-settings/roles.ts
 * effectiveRoleId): the role itself when it is a fixed one, the parent of a company-defined role
 * when that parent may be handed out, else platform user. Never more than the parent. Needs `u`
 * (users) in scope; joins nothing.
 */
export const EFFECTIVE_ROLE_SQL = `(SELECT CASE WHEN r.company_id IS NULL THEN r.id
                WHEN r.parent_role_id IN (${PARENT_ROLE_IDS.join(', ')}) THEN r.parent_role_id
                ELSE ${Role.platformUser} END
          FROM acl_roles r WHERE r.id = u.acl_role_id)`;
