import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { companyScope, type ScopeFn } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import { sql, type SqlFragment } from '../db/sql';

/**
 * The server side of each replicated collection: its table, who may see which rows (the scope
 * function of server/auth/scope.ts) and which columns never leave the server.
 *
 * TODO(authorisation): every collection still uses `companyScope`. When scope.ts exports the
 * per-entity functions (participantScope, messageScope, workPlanScope, ...), set `scope` here; the
 * pull then turns rows that leave a viewer's scope into deletions without further change.
 */
export interface ServerCollection {
  name: CollectionName;
  table: string;
  /** Rows the viewer may see (permissions). Rows of the tenant outside it arrive as deletions. */
  scope: ScopeFn;
  /** The tenant's rows; the pull never looks outside them. */
  tenancy: (viewer: Viewer, alias: string) => SqlFragment;
  /** Columns that never leave the server (secrets, hashes). */
  omit: readonly string[];
}

const byCompany = (viewer: Viewer, alias: string): SqlFragment => sql([`${alias}.company_id = `, ''], viewer.companyId);

const overrides: Partial<Record<CollectionName, Partial<Omit<ServerCollection, 'name' | 'table'>>>> = {
  companies: { tenancy: (v, a) => sql([`${a}.id = `, ''], v.companyId), scope: (v, a) => sql([`${a}.id = `, ''], v.companyId) },
  aclRoles: {
    tenancy: (v, a) => sql([`(${a}.company_id = `, ` OR ${a}.company_id IS NULL)`], v.companyId),
    scope: (v, a) => sql([`(${a}.company_id = `, ` OR ${a}.company_id IS NULL)`], v.companyId),
  },
  users: { omit: ['password_hash', 'mfa_secret', 'mfa_last_used_step', 'password_changed_at'] },
  invitations: { omit: ['token_hash'] },
  files: { omit: ['storage_key'] },
};

export const SERVER_COLLECTIONS: readonly ServerCollection[] = COLLECTION_NAMES.map((name) => ({
  name,
  table: COLLECTIONS[name].table,
  scope: companyScope,
  tenancy: byCompany,
  omit: [],
  ...overrides[name],
}));

const byName = new Map(SERVER_COLLECTIONS.map((c) => [c.name, c]));
const byTable = new Map(SERVER_COLLECTIONS.map((c) => [c.table, c]));

export function serverCollection(name: CollectionName): ServerCollection {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown collection ${name}`);
  return found;
}

export function collectionOfTable(table: string): ServerCollection | undefined {
  return byTable.get(table);
}
