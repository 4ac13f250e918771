import type { Viewer } from './viewer';
import { sql, type SqlFragment } from '../db/sql';

/**
 * Permissions in one place (ARCHITECTURE.md): for each entity, a function that turns the viewer into
 * a SQL condition on a row alias. Queries, replication pulls and mutations all go through these.
 * The authorisation work fills in every entity; until then only the tenancy rule holds.
 */
export type ScopeFn = (viewer: Viewer, alias: string) => SqlFragment;

export const companyScope: ScopeFn = (viewer, alias) => sql([`${alias}.company_id = `, ''], viewer.companyId);
