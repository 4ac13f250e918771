import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db, Queryable } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import { declare, type RouteMethod, type RouteParams, type RouteRule } from '../http/route-rules';
import { restErrorBody } from '../http/auth-http';
import { clientIp } from '../http/client-ip';
import { exportHeaders, streamTable } from '../http/table-stream';
import { audit } from '../auth/audit';
import { can, type Privilege } from '../auth/permissions';
import { projectsScope, scopeOf } from '../auth/scope';
import { run, sql } from '../db/sql';
import { subjectsAnswer } from './subjects';
import { computeGraph } from './datasets';
import { relatedRows } from './related';
import {
  createDashboard,
  deleteDashboard,
  deleteWidget,
  findDashboard,
  findWidget,
  isRefusal,
  listDashboards,
  listWidgets,
  saveWidget,
  updateDashboard,
  type DashboardJson,
  type Refusal,
  type WidgetJson,
} from './store';
import { GRAPH_TYPES, GROUPINGS, COMPARISONS, propertyOf, type GraphAnswer } from '../../src/domain/dashboards/graph';
import {
  DashboardBodySchema,
  DatasetRequestSchema,
  RelatedRequestSchema,
  WidgetBodySchema,
  hasDashboardId,
} from '../../src/domain/dashboards/inputs';

/**
 * The dashboards REST table of 01 §7, on the same permission scope as everything else:
 *   OPTIONS dashboards                      → 204, Allow: the methods this caller may use
 *   GET, POST dashboards                    → the list / 201 the new dashboard
 *   GET, PUT, DELETE dashboards/{id}        → [dashboard with widgets] (the client keeps the first item) / the dashboard / 204
 *   GET, PUT dashboards/{id}/widgets        → the widgets in order / PUT {widgets: [...]} replaces the set in that order
 *   PUT dashboards/{dashboard}/widgets/{w}  → the widget (a new uuid creates it)
 *   GET widgets, projects                   → every widget / project in scope
 *   GET graph/subjects, graph/types, graph/types/modifiers, graph/types/comparisons
 *   POST graph/datasets                     → the figures ({dashboardId, type, graph}); without an integer
 *                                             dashboard id: 400 dashboards.errors.dashboardIdRequired
 * Ours besides the table: POST graph/related (the rows behind a figure) and
 * GET dashboards/{d}/widgets/{w}/data.{csv|xlsx} (a widget's figures as a download).
 * Errors: {error, message, messageKey, params?} with the reason code (server/http/auth-http.ts).
 */
export function mountDashboardRoutes(app: Hono, db: Db, config: Config): void {
  const deps = { db, config };
  const refused = (c: Context, r: Refusal) => c.json(restErrorBody(r.status === 404 ? 'not_found' : r.status === 403 ? 'forbidden' : 'invalid_input', r.reason, r.params as never), r.status);
  const invalid = (c: Context, issues: readonly v.BaseIssue<unknown>[]) => {
    const first = issues[0];
    const field = first?.path?.map((p) => String(p.key)).join('.');
    return c.json(restErrorBody('invalid_input', first?.message ?? 'dashboards.errors.invalid', field ? { field } : undefined), 400);
  };
  const body = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return null;
    }
  };
  /** The rule of every route of this table: privilege on dashboards (403 dashboards.errors.notAllowed), the dashboard in scope (404). */
  const rule = <T = undefined, B = undefined>(method: RouteMethod, path: string, privilege: Privilege, extra: Partial<RouteRule<{ privilege: Privilege; resource: 'dashboards' }, T, B>> = {}) =>
    ({ method, path, access: { privilege, resource: 'dashboards' as const }, scope: 'project' as const, forbidden: 'dashboards.errors.notAllowed', notFound: 'dashboards.errors.notFound', ...extra });
  /** Audit rows of a change, in its transaction, under the dashboard's organisation (the dashboard was loaded in the viewer's scope, inside their company). */
  const logged = (tx: Queryable, viewer: Viewer, c: Context, action: string, id: number | string, details: Record<string, unknown> = {}) =>
    audit(tx, { viewer, companyId: viewer.companyId, action, subjectType: 'dashboard', subjectId: id, details, ip: clientIp(c) });

  declare(app, deps, { method: 'OPTIONS', path: '/api/dashboards', access: 'authenticated', scope: 'none' }, (_c, { viewer }) => {
    const methods = ['OPTIONS'];
    if (can(viewer, 'view', 'dashboards')) methods.push('GET');
    if (can(viewer, 'add', 'dashboards')) methods.push('POST');
    if (can(viewer, 'edit', 'dashboards')) methods.push('PUT');
    if (can(viewer, 'delete', 'dashboards')) methods.push('DELETE');
    return new Response(null, { status: 204, headers: { allow: methods.join(', '), 'cache-control': 'no-store' } });
  });

  declare(app, deps, rule('GET', '/api/dashboards', 'view'), async (c, { viewer }) => c.json(await listDashboards(db, viewer)));

  declare(app, deps, { ...rule('POST', '/api/dashboards', 'add', { body: DashboardBodySchema }), scope: 'company' }, async (c, { viewer, body: fields }) => {
    const made = await db.transaction(async (tx) => {
      const created = await createDashboard(tx, viewer, fields);
      if (!isRefusal(created)) await logged(tx, viewer, c, 'dashboard.create', created.id);
      return created;
    });
    if (isRefusal(made)) return refused(c, made);
    return c.json(made, 201);
  });

  declare(app, deps, rule('GET', '/api/dashboards/:id', 'view', { load: dashboardIn('id') }), async (c, { viewer, object }) =>
    c.json([{ ...object, widgets: await listWidgets(db, viewer, object.id) }]),
  );

  declare(app, deps, rule('PUT', '/api/dashboards/:id', 'edit', { load: dashboardIn('id'), body: DashboardBodySchema }), async (c, { viewer, object, body: fields }) => {
    const changed = await db.transaction(async (tx) => {
      const updated = await updateDashboard(tx, viewer, object.id, fields);
      if (!isRefusal(updated)) await logged(tx, viewer, c, 'dashboard.update', object.id);
      return updated;
    });
    if (isRefusal(changed)) return refused(c, changed);
    return c.json(changed);
  });

  declare(app, deps, rule('DELETE', '/api/dashboards/:id', 'delete', { load: dashboardIn('id') }), async (c, { viewer, object }) => {
    const result = await db.transaction(async (tx) => {
      const refusal = await deleteDashboard(tx, viewer, object.id);
      if (!refusal) await logged(tx, viewer, c, 'dashboard.delete', object.id);
      return refusal;
    });
    if (result) return refused(c, result);
    return c.body(null, 204);
  });

  declare(app, deps, rule('GET', '/api/dashboards/:id/widgets', 'view', { load: dashboardIn('id') }), async (c, { viewer, object }) => c.json(await listWidgets(db, viewer, object.id)));

  // The whole set in order (issue 38, finding 1: an empty list empties only a dashboard in scope, under the edit privilege).
  declare(app, deps, rule('PUT', '/api/dashboards/:id/widgets', 'edit', { load: dashboardIn('id'), handlerBody: WidgetSetBodySchema }), async (c, { viewer, object }) => {
    const id = object.id;
    const raw = await body(c);
    const list: unknown = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>).widgets : raw;
    if (!Array.isArray(list) || list.length > 50) return c.json(restErrorBody('invalid_input', 'dashboards.errors.widgetsRequired'), 400);
    const items: { key: number | string | null; body: v.InferOutput<typeof WidgetBodySchema> }[] = [];
    for (const [i, item] of list.entries()) {
      const parsed = v.safeParse(WidgetBodySchema, item);
      if (!parsed.success) {
        const first = parsed.issues[0];
        return c.json(restErrorBody('invalid_input', first?.message ?? 'dashboards.errors.invalid', { field: `widgets.${i}.${first?.path?.map((p) => String(p.key)).join('.') ?? ''}` }), 400);
      }
      const rec = item as Record<string, unknown>;
      const key = typeof rec.id === 'number' ? rec.id : typeof rec.uuid === 'string' && UUID.test(rec.uuid) ? rec.uuid.toLowerCase() : null;
      items.push({ key, body: parsed.output });
    }
    // All or nothing: one refusal rolls the whole set back. Each widget is checked in scope (saveWidget: the
    // dashboard locked in scope, a known widget in scope and of this dashboard); the ones left out go, in scope only.
    const outcome = await db
      .transaction(async (tx) => {
        if (!(await findDashboard(tx, viewer, id, true))) throw new RefusedSet({ reason: 'dashboards.errors.notFound', status: 404 });
        const saved: number[] = [];
        for (const [i, item] of items.entries()) {
          const w = await saveWidget(tx, viewer, id, item.key, { ...item.body, graph: item.body.graph, sortOrder: i });
          if (isRefusal(w)) throw new RefusedSet(w);
          saved.push(w.id);
        }
        await run(tx, sql`UPDATE widgets w SET deleted_at = now() WHERE w.dashboard_id = ${id} AND w.deleted_at IS NULL AND NOT (w.id = ANY(${saved}::bigint[])) AND ${scopeOf('widgets')(viewer, 'w')}`);
        await logged(tx, viewer, c, 'dashboard.widgets', id, { widgets: items.length });
        return null;
      })
      .catch((e: unknown) => {
        if (e instanceof RefusedSet) return e.refusal;
        throw e;
      });
    if (outcome) return refused(c, outcome);
    return c.json(await listWidgets(db, viewer, id));
  });

  declare(app, deps, rule('PUT', '/api/dashboards/:dashboard/widgets/:widget', 'edit', { load: dashboardIn('dashboard'), body: WidgetBodySchema }), async (c, { viewer, object, params, body: fields }) => {
    const w = params.widget ?? '';
    const key = idParam(w) ?? (UUID.test(w) ? w.toLowerCase() : null);
    if (key === null) return c.json(restErrorBody('not_found', 'dashboards.errors.widgetNotFound'), 404);
    const saved = await db.transaction(async (tx) => {
      const widget = await saveWidget(tx, viewer, object.id, key, { ...fields, graph: fields.graph });
      if (!isRefusal(widget)) await logged(tx, viewer, c, 'dashboard.widget', object.id, { widget: widget.id });
      return widget;
    });
    if (isRefusal(saved)) return refused(c, saved);
    return c.json(saved);
  });

  declare(app, deps, rule('DELETE', '/api/dashboards/:dashboard/widgets/:widget', 'edit', { load: widgetIn }), async (c, { viewer, object }) => {
    const result = await db.transaction(async (tx) => {
      const refusal = await deleteWidget(tx, viewer, object.widget.id);
      if (!refusal) await logged(tx, viewer, c, 'dashboard.widget.delete', object.dashboard.id, { widget: object.widget.id });
      return refusal;
    });
    if (result) return refused(c, result);
    return c.body(null, 204);
  });

  declare(app, deps, rule('GET', '/api/widgets', 'view'), async (c, { viewer }) => c.json(await listWidgets(db, viewer)));

  declare(app, deps, { method: 'GET', path: '/api/projects', access: 'authenticated', scope: 'project' }, async (c, { viewer }) => {
    const { rows } = await run<{ id: number; uuid: string; name: string }>(db, sql`SELECT pr.id, pr.uuid, pr.name FROM projects pr WHERE pr.deleted_at IS NULL AND ${projectsScope(viewer, 'pr')} ORDER BY lower(pr.name), pr.id`);
    return c.json(rows.map((r) => ({ id: Number(r.id), uuid: r.uuid, name: r.name })));
  });

  // the subjects' option lists (statuses, coaches, projects) as the viewer's caseload shows them
  declare(app, deps, { ...rule('GET', '/api/graph/subjects', 'view'), scope: 'caseload' }, async (c, { viewer }) => c.json(await subjectsAnswer(db, viewer)));
  declare(app, deps, { ...rule('GET', '/api/graph/types', 'view'), scope: 'none' }, (c) => c.json(GRAPH_TYPES));
  declare(app, deps, { ...rule('GET', '/api/graph/types/modifiers', 'view'), scope: 'none' }, (c) => c.json(GROUPINGS.map((id) => ({ id, label: `dashboards.groupings.${id}` }))));
  declare(app, deps, { ...rule('GET', '/api/graph/types/comparisons', 'view'), scope: 'none' }, (c) => c.json(COMPARISONS.map((id) => ({ id, label: `dashboards.comparisons.${id}` }))));

  declare(app, deps, rule('POST', '/api/graph/datasets', 'view', { handlerBody: DatasetRequestSchema }), async (c, { viewer }) => {
    const payload = await body(c);
    // 01 §5: 'Payload needs to have a dashboard id.' comes first, whatever else is wrong.
    if (!hasDashboardId(payload)) return c.json(restErrorBody('invalid_input', 'dashboards.errors.dashboardIdRequired', { field: 'dashboardId' }), 400);
    const parsed = v.safeParse(DatasetRequestSchema, payload);
    if (!parsed.success) return invalid(c, parsed.issues);
    // The dashboard named in the body must be in scope too.
    if (!(await findDashboard(db, viewer, parsed.output.dashboardId))) return c.json(restErrorBody('not_found', 'dashboards.errors.notFound'), 404);
    return c.json(await computeGraph(db, viewer, parsed.output));
  });

  declare(app, deps, { ...rule('POST', '/api/graph/related', 'view', { handlerBody: RelatedRequestSchema }), scope: 'caseload' }, async (c, { viewer }) => {
    const parsed = v.safeParse(RelatedRequestSchema, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const bad = [...parsed.output.filters.map((f) => f.property), ...(parsed.output.bucket ? [parsed.output.bucket.property] : []), ...parsed.output.empty].find((p) => !propertyOf(parsed.output.subject, p));
    if (bad) return c.json(restErrorBody('invalid_input', 'dashboards.errors.filterIncomplete', { field: bad }), 400);
    return c.json(await relatedRows(db, viewer, parsed.output));
  });

  declare(app, deps, rule('GET', '/api/dashboards/:dashboard/widgets/:widget/:file', 'view', { load: widgetIn }), async (c, { viewer, object, params }) => {
    const match = /^data\.(csv|xlsx)$/.exec(params.file ?? '');
    if (!match) return c.json(restErrorBody('not_found', 'dashboards.errors.notFound'), 404);
    const { widget } = object;
    const parsed = v.safeParse(DatasetRequestSchema, { dashboardId: object.dashboard.id, type: widget.type, graph: widget.graph });
    if (!parsed.success) return invalid(c, parsed.issues);
    const answer = await computeGraph(db, viewer, parsed.output);
    const format = match[1] === 'csv' ? 'csv' : 'xlsx';
    const rows = tableRows(answer);
    const columns = [
      ['dataset', 'Dataset'],
      ['x', 'Waarde'],
      ['series', 'Reeks'],
      ['value', 'Uitkomst'],
    ] as const;
    function* iterate() {
      for (const r of rows) yield r;
    }
    const name = `${widget.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim().replace(/\s+/g, '-').toLowerCase() || 'widget'}.${format}`;
    return c.body(streamTable(columns, toAsync(iterate()), format, 'Gegevens'), 200, exportHeaders(format, name, rows.length));
  });
}

/** A path id: a positive integer, else null (answers 404). */
const idParam = (raw: string | undefined): number | null => (raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dashboard of a path parameter, inside the viewer's scope (dashboardsScope), else null. */
function dashboardIn(param: string) {
  return async (db: Queryable, viewer: Viewer, params: RouteParams): Promise<DashboardJson | null> => {
    const id = idParam(params[param]);
    return id === null ? null : findDashboard(db, viewer, id);
  };
}

/** The dashboard and one of its widgets, both in the viewer's scope; a widget of another dashboard is not found. */
async function widgetIn(db: Queryable, viewer: Viewer, params: RouteParams): Promise<{ dashboard: DashboardJson; widget: WidgetJson } | null> {
  const dashboard = await dashboardIn('dashboard')(db, viewer, params);
  const id = idParam(params.widget);
  if (!dashboard || id === null) return null;
  const widget = await findWidget(db, viewer, id);
  return widget && widget.dashboardId === dashboard.id ? { dashboard, widget } : null;
}

/** The body of PUT dashboards/{id}/widgets: {widgets: [...]} or the list itself, at most 50 widgets (checked per item by the handler, for the item's field path). */
const WidgetSetBodySchema = v.union([v.object({ widgets: v.pipe(v.array(WidgetBodySchema), v.maxLength(50)) }), v.pipe(v.array(WidgetBodySchema), v.maxLength(50))]);

async function* toAsync<T>(rows: Iterable<T>): AsyncIterable<T> {
  for (const r of rows) yield await Promise.resolve(r);
}

class RefusedSet extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/** A dataset answer as download rows (labels where the database gave them, else the key). */
function tableRows(answer: GraphAnswer): { dataset: string; x: string; series: string; value: number }[] {
  return answer.datasets.flatMap((d, i) =>
    d.rows.map((r) => ({ dataset: d.label || `${i + 1}`, x: r.xLabel ?? r.x ?? '', series: r.seriesLabel ?? r.series ?? '', value: r.value })),
  );
}
