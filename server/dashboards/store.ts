import type { Viewer } from '../auth/viewer';
import { dashboardsScope, isCompanyAdmin, projectsScope, scopeOf } from '../auth/scope';
import { can } from '../auth/permissions';
import { run, sql } from '../db/sql';
import type { Queryable } from '../db/db';
import { Role } from '../../src/domain/shared/roles';
import type { Graph } from '../../src/domain/dashboards/inputs';

/**
 * Dashboards and widgets: the reads and the checked changes that both the REST table (01 §7) and the
 * declared writes (server/graph/types/dashboard-writes.ts) use, so both refuse the same things.
 * Everything runs inside the viewer's scope: a dashboard outside it does not exist for them.
 */

export interface DashboardJson {
  id: number;
  uuid: string;
  name: string;
  visibleProjectIds: number[];
  visibleRoleIds: number[];
  sortOrder: number;
  revision: number;
  updatedAt: string;
  widgets?: WidgetJson[];
}

export interface WidgetJson {
  id: number;
  uuid: string;
  dashboardId: number;
  dashboardUuid: string;
  name: string;
  type: string;
  graph: Graph;
  sortOrder: number;
  revision: number;
  updatedAt: string;
}

interface DashboardRow {
  id: number;
  uuid: string;
  name: string;
  visible_project_ids: (number | string)[];
  visible_role_ids: (number | string)[];
  sort_order: number;
  revision: number;
  updated_at: Date | string;
}
interface WidgetRow {
  id: number;
  uuid: string;
  dashboard_id: number;
  dashboard_uuid: string;
  name: string;
  type: string;
  graph: Graph;
  sort_order: number;
  revision: number;
  updated_at: Date | string;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

const dashboardJson = (r: DashboardRow): DashboardJson => ({
  id: Number(r.id),
  uuid: r.uuid,
  name: r.name,
  visibleProjectIds: r.visible_project_ids.map(Number),
  visibleRoleIds: r.visible_role_ids.map(Number),
  sortOrder: Number(r.sort_order),
  revision: Number(r.revision),
  updatedAt: iso(r.updated_at),
});

const widgetJson = (r: WidgetRow): WidgetJson => ({
  id: Number(r.id),
  uuid: r.uuid,
  dashboardId: Number(r.dashboard_id),
  dashboardUuid: r.dashboard_uuid,
  name: r.name,
  type: r.type,
  graph: r.graph,
  sortOrder: Number(r.sort_order),
  revision: Number(r.revision),
  updatedAt: iso(r.updated_at),
});

export async function listDashboards(db: Queryable, viewer: Viewer): Promise<DashboardJson[]> {
  const { rows } = await run<DashboardRow>(db, sql`SELECT * FROM dashboards d WHERE d.deleted_at IS NULL AND ${dashboardsScope(viewer, 'd')} ORDER BY d.sort_order, lower(d.name), d.id`);
  return rows.map(dashboardJson);
}

/** A dashboard in scope by id (or uuid), or null. `lock` takes the row for an update. */
export async function findDashboard(db: Queryable, viewer: Viewer, key: number | string, lock = false): Promise<DashboardJson | null> {
  const match = typeof key === 'number' ? sql`d.id = ${key}` : sql`d.uuid = ${key}::uuid`;
  const { rows } = await run<DashboardRow>(db, sql`SELECT * FROM dashboards d WHERE ${match} AND d.deleted_at IS NULL AND ${dashboardsScope(viewer, 'd')} ${lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ? dashboardJson(rows[0]) : null;
}

export async function listWidgets(db: Queryable, viewer: Viewer, dashboardId?: number): Promise<WidgetJson[]> {
  const only = dashboardId === undefined ? sql`TRUE` : sql`w.dashboard_id = ${dashboardId}`;
  const { rows } = await run<WidgetRow>(
    db,
    sql`SELECT w.* FROM widgets w JOIN dashboards d ON d.id = w.dashboard_id
         WHERE ${only} AND w.deleted_at IS NULL AND d.deleted_at IS NULL AND ${scopeOf('widgets')(viewer, 'w')}
         ORDER BY w.dashboard_id, w.sort_order, w.id`,
  );
  return rows.map(widgetJson);
}

export async function findWidget(db: Queryable, viewer: Viewer, key: number | string): Promise<WidgetJson | null> {
  const match = typeof key === 'number' ? sql`w.id = ${key}` : sql`w.uuid = ${key}::uuid`;
  const { rows } = await run<WidgetRow>(db, sql`SELECT w.* FROM widgets w WHERE ${match} AND w.deleted_at IS NULL AND ${scopeOf('widgets')(viewer, 'w')}`);
  return rows[0] ? widgetJson(rows[0]) : null;
}

/** A refusal: the reason code (i18n key) and the HTTP status the REST table answers it with. */
export interface Refusal {
  reason: string;
  status: 400 | 403 | 404 | 409;
  params?: Record<string, unknown>;
}
const refusal = (reason: string, status: Refusal['status'], params?: Record<string, unknown>): Refusal => ({ reason, status, ...(params ? { params } : {}) });

/**
 * Visibility lists: projects of the company the viewer may see, staff roles of the company; a
 * non-administrator may not hide a dashboard from themselves (they could not undo it).
 */
export async function checkVisibility(db: Queryable, viewer: Viewer, projectIds: readonly number[], roleIds: readonly number[]): Promise<Refusal | null> {
  const projects = [...new Set(projectIds)];
  const roles = [...new Set(roleIds)];
  if (projects.length > 0) {
    const { rows } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM projects pr WHERE pr.id = ANY(${projects}::bigint[]) AND pr.deleted_at IS NULL AND ${projectsScope(viewer, 'pr')}`);
    if (Number(rows[0]?.n) !== projects.length) return refusal('dashboards.errors.projectNotFound', 400);
  }
  if (roles.length > 0) {
    if (roles.includes(Role.participant)) return refusal('dashboards.errors.roleNotFound', 400);
    const { rows } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM acl_roles r WHERE r.id = ANY(${roles}::bigint[]) AND (r.company_id IS NULL OR r.company_id = ${viewer.companyId})`);
    if (Number(rows[0]?.n) !== roles.length) return refusal('dashboards.errors.roleNotFound', 400);
  }
  if (!isCompanyAdmin(viewer)) {
    const hidesRole = roles.length > 0 && !roles.includes(viewer.roleId);
    const hidesProject = projects.length > 0 && viewer.projectId !== null && !projects.includes(viewer.projectId);
    if (hidesRole || hidesProject) return refusal('dashboards.errors.hidesYourself', 400);
  }
  return null;
}

export interface DashboardFields {
  uuid?: string;
  name: string;
  visibleProjectIds?: number[];
  visibleRoleIds?: number[];
  sortOrder?: number;
}

export async function createDashboard(tx: Queryable, viewer: Viewer, f: DashboardFields): Promise<DashboardJson | Refusal> {
  if (!can(viewer, 'add', 'dashboards')) return refusal('dashboards.errors.notAllowed', 403);
  const projects = f.visibleProjectIds ?? [];
  const roles = f.visibleRoleIds ?? [];
  const bad = await checkVisibility(tx, viewer, projects, roles);
  if (bad) return bad;
  if (f.uuid) {
    const taken = await run(tx, sql`SELECT 1 FROM dashboards WHERE uuid = ${f.uuid}::uuid`);
    if (taken.rows.length > 0) return refusal('dashboards.errors.notFound', 409);
  }
  const order = f.sortOrder ?? Number((await run<{ n: number }>(tx, sql`SELECT coalesce(max(sort_order) + 1, 0)::int AS n FROM dashboards WHERE company_id = ${viewer.companyId} AND deleted_at IS NULL`)).rows[0]?.n ?? 0);
  const { rows } = await run<DashboardRow>(
    tx,
    sql`INSERT INTO dashboards (uuid, company_id, name, visible_project_ids, visible_role_ids, sort_order, created_by_user_id)
        VALUES (coalesce(${f.uuid ?? null}::uuid, gen_random_uuid()), ${viewer.companyId}, ${f.name}, ${[...new Set(projects)]}::bigint[], ${[...new Set(roles)]}::bigint[], ${order}, ${viewer.userId})
        RETURNING *`,
  );
  return dashboardJson(rows[0]!);
}

/** Changes the given fields only (per-field merge: what the caller did not send stays). */
export async function updateDashboard(tx: Queryable, viewer: Viewer, id: number, f: Partial<DashboardFields>): Promise<DashboardJson | Refusal> {
  if (!can(viewer, 'edit', 'dashboards')) return refusal('dashboards.errors.notAllowed', 403);
  const current = await findDashboard(tx, viewer, id, true);
  if (!current) return refusal('dashboards.errors.notFound', 404);
  const projects = f.visibleProjectIds ?? current.visibleProjectIds;
  const roles = f.visibleRoleIds ?? current.visibleRoleIds;
  if (f.visibleProjectIds !== undefined || f.visibleRoleIds !== undefined) {
    const bad = await checkVisibility(tx, viewer, projects, roles);
    if (bad) return bad;
  }
  const { rows } = await run<DashboardRow>(
    tx,
    sql`UPDATE dashboards SET name = ${f.name ?? current.name}, visible_project_ids = ${[...new Set(projects)]}::bigint[],
          visible_role_ids = ${[...new Set(roles)]}::bigint[], sort_order = ${f.sortOrder ?? current.sortOrder}
        WHERE id = ${id} RETURNING *`,
  );
  return dashboardJson(rows[0]!);
}

/** Deletes a dashboard and its widgets (tombstones: the replicas drop them on the next pull). */
export async function deleteDashboard(tx: Queryable, viewer: Viewer, id: number): Promise<Refusal | null> {
  if (!can(viewer, 'delete', 'dashboards')) return refusal('dashboards.errors.notAllowed', 403);
  const current = await findDashboard(tx, viewer, id, true);
  if (!current) return refusal('dashboards.errors.notFound', 404);
  await run(tx, sql`UPDATE widgets SET deleted_at = now() WHERE dashboard_id = ${id} AND deleted_at IS NULL`);
  await run(tx, sql`UPDATE dashboards SET deleted_at = now() WHERE id = ${id}`);
  return null;
}

export interface WidgetFields {
  uuid?: string;
  name: string;
  type: string;
  graph: Graph;
  sortOrder?: number;
}

/** Creates (unknown uuid / no id) or changes a widget of a dashboard in scope; adding widgets edits the dashboard. */
export async function saveWidget(tx: Queryable, viewer: Viewer, dashboardId: number, key: number | string | null, f: WidgetFields): Promise<WidgetJson | Refusal> {
  if (!can(viewer, 'edit', 'dashboards')) return refusal('dashboards.errors.notAllowed', 403);
  const dashboard = await findDashboard(tx, viewer, dashboardId, true);
  if (!dashboard) return refusal('dashboards.errors.notFound', 404);
  const existing = key === null ? null : await findWidget(tx, viewer, key);
  if (existing && existing.dashboardId !== dashboardId) return refusal('dashboards.errors.widgetNotFound', 404);
  if (existing) {
    const { rows } = await run<WidgetRow>(
      tx,
      sql`UPDATE widgets SET name = ${f.name}, type = ${f.type}, graph = ${JSON.stringify(f.graph)}::jsonb, sort_order = ${f.sortOrder ?? existing.sortOrder}
          WHERE id = ${existing.id} RETURNING *`,
    );
    return widgetJson(rows[0]!);
  }
  if (typeof key === 'number') return refusal('dashboards.errors.widgetNotFound', 404);
  const uuid = typeof key === 'string' ? key : (f.uuid ?? null);
  if (uuid) {
    const taken = await run(tx, sql`SELECT 1 FROM widgets WHERE uuid = ${uuid}::uuid`);
    if (taken.rows.length > 0) return refusal('dashboards.errors.widgetNotFound', 409);
  }
  const order = f.sortOrder ?? Number((await run<{ n: number }>(tx, sql`SELECT coalesce(max(sort_order) + 1, 0)::int AS n FROM widgets WHERE dashboard_id = ${dashboardId} AND deleted_at IS NULL`)).rows[0]?.n ?? 0);
  const { rows } = await run<WidgetRow>(
    tx,
    sql`INSERT INTO widgets (uuid, company_id, dashboard_id, name, type, graph, sort_order)
        VALUES (coalesce(${uuid}::uuid, gen_random_uuid()), ${viewer.companyId}, ${dashboardId}, ${f.name}, ${f.type}, ${JSON.stringify(f.graph)}::jsonb, ${order})
        RETURNING *`,
  );
  return widgetJson(rows[0]!);
}

export async function deleteWidget(tx: Queryable, viewer: Viewer, id: number): Promise<Refusal | null> {
  if (!can(viewer, 'edit', 'dashboards')) return refusal('dashboards.errors.notAllowed', 403);
  const { rowCount } = await run(tx, sql`UPDATE widgets w SET deleted_at = now() WHERE w.id = ${id} AND w.deleted_at IS NULL AND ${scopeOf('widgets')(viewer, 'w')}`);
  return rowCount ? null : refusal('dashboards.errors.widgetNotFound', 404);
}

export function isRefusal(x: unknown): x is Refusal {
  return typeof x === 'object' && x !== null && 'reason' in x && 'status' in x;
}
