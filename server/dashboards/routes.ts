import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import type { Viewer } from '../auth/viewer';
import { restViewer } from '../http/rest-viewer';
import { restErrorBody } from '../http/auth-http';
import { clientIp } from '../http/client-ip';
import { exportHeaders, streamTable } from '../http/table-stream';
import { audit } from '../auth/audit';
import { can } from '../auth/permissions';
import { projectsScope } from '../auth/scope';
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
  type Refusal,
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
  const refused = (c: Context, r: Refusal) => c.json(restErrorBody(r.status === 404 ? 'not_found' : r.status === 403 ? 'forbidden' : 'invalid_input', r.reason, r.params as never), r.status);
  const invalid = (c: Context, issues: readonly v.BaseIssue<unknown>[]) => {
    const first = issues[0];
    const field = first?.path?.map((p) => String(p.key)).join('.');
    return c.json(restErrorBody('invalid_input', first?.message ?? 'dashboards.errors.invalid', field ? { field } : undefined), 400);
  };
  const notFound = (c: Context) => c.json(restErrorBody('not_found', 'dashboards.errors.notFound'), 404);
  const body = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return null;
    }
  };
  /** A path id: a positive integer, else null (answers 404). */
  const idParam = (raw: string | undefined): number | null => (raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const viewerOf = async (c: Context): Promise<Viewer | Response> => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    if (!can(viewer, 'view', 'dashboards')) return c.json(restErrorBody('forbidden', 'dashboards.errors.notAllowed'), 403);
    return viewer;
  };
  /** A handler for a signed-in viewer who may see dashboards (else the refusal answers). */
  const withViewer = (handler: (c: Context, viewer: Viewer) => Response | Promise<Response>) => async (c: Context) => {
    const viewer = await viewerOf(c);
    return viewer instanceof Response ? viewer : handler(c, viewer);
  };
  const logged = (viewer: Viewer, c: Context, action: string, id: number | string, details: Record<string, unknown> = {}) =>
    audit(db, { viewer, action, subjectType: 'dashboard', subjectId: id, details, ip: clientIp(c) });

  app.options('/api/dashboards', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const methods = ['OPTIONS'];
    if (can(viewer, 'view', 'dashboards')) methods.push('GET');
    if (can(viewer, 'add', 'dashboards')) methods.push('POST');
    if (can(viewer, 'edit', 'dashboards')) methods.push('PUT');
    if (can(viewer, 'delete', 'dashboards')) methods.push('DELETE');
    return new Response(null, { status: 204, headers: { allow: methods.join(', '), 'cache-control': 'no-store' } });
  });

  app.get('/api/dashboards', withViewer(async (c, viewer) => {
    return c.json(await listDashboards(db, viewer));
  }));

  app.post('/api/dashboards', withViewer(async (c, viewer) => {
    const parsed = v.safeParse(DashboardBodySchema, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const made = await db.transaction((tx) => createDashboard(tx, viewer, parsed.output));
    if (isRefusal(made)) return refused(c, made);
    await logged(viewer, c, 'dashboard.create', made.id);
    return c.json(made, 201);
  }));

  app.get('/api/dashboards/:id', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('id'));
    const found = id === null ? null : await findDashboard(db, viewer, id);
    if (!found || id === null) return notFound(c);
    return c.json([{ ...found, widgets: await listWidgets(db, viewer, id) }]);
  }));

  app.put('/api/dashboards/:id', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return notFound(c);
    const parsed = v.safeParse(DashboardBodySchema, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const changed = await db.transaction((tx) => updateDashboard(tx, viewer, id, parsed.output));
    if (isRefusal(changed)) return refused(c, changed);
    await logged(viewer, c, 'dashboard.update', id);
    return c.json(changed);
  }));

  app.delete('/api/dashboards/:id', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return notFound(c);
    const result = await db.transaction((tx) => deleteDashboard(tx, viewer, id));
    if (result) return refused(c, result);
    await logged(viewer, c, 'dashboard.delete', id);
    return c.body(null, 204);
  }));

  app.get('/api/dashboards/:id/widgets', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('id'));
    if (id === null || !(await findDashboard(db, viewer, id))) return notFound(c);
    return c.json(await listWidgets(db, viewer, id));
  }));

  app.put('/api/dashboards/:id/widgets', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('id'));
    if (id === null) return notFound(c);
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
    // All or nothing: one refusal rolls the whole set back.
    const outcome = await db
      .transaction(async (tx) => {
        const saved: number[] = [];
        for (const [i, item] of items.entries()) {
          const w = await saveWidget(tx, viewer, id, item.key, { ...item.body, graph: item.body.graph, sortOrder: i });
          if (isRefusal(w)) throw new RefusedSet(w);
          saved.push(w.id);
        }
        await run(tx, sql`UPDATE widgets SET deleted_at = now() WHERE dashboard_id = ${id} AND deleted_at IS NULL AND NOT (id = ANY(${saved}::bigint[]))`);
        return null;
      })
      .catch((e: unknown) => {
        if (e instanceof RefusedSet) return e.refusal;
        throw e;
      });
    if (outcome) return refused(c, outcome);
    await logged(viewer, c, 'dashboard.widgets', id, { widgets: items.length });
    return c.json(await listWidgets(db, viewer, id));
  }));

  app.put('/api/dashboards/:dashboard/widgets/:widget', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('dashboard'));
    const w = c.req.param('widget') ?? '';
    const key = idParam(w) ?? (UUID.test(w) ? w.toLowerCase() : null);
    if (id === null || key === null) return notFound(c);
    const parsed = v.safeParse(WidgetBodySchema, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const saved = await db.transaction((tx) => saveWidget(tx, viewer, id, key, { ...parsed.output, graph: parsed.output.graph }));
    if (isRefusal(saved)) return refused(c, saved);
    await logged(viewer, c, 'dashboard.widget', id, { widget: saved.id });
    return c.json(saved);
  }));

  app.delete('/api/dashboards/:dashboard/widgets/:widget', withViewer(async (c, viewer) => {
    const id = idParam(c.req.param('dashboard'));
    const w = idParam(c.req.param('widget'));
    if (id === null || w === null) return notFound(c);
    const found = await findWidget(db, viewer, w);
    if (!found || found.dashboardId !== id) return notFound(c);
    const result = await db.transaction((tx) => deleteWidget(tx, viewer, w));
    if (result) return refused(c, result);
    return c.body(null, 204);
  }));

  app.get('/api/widgets', withViewer(async (c, viewer) => {
    return c.json(await listWidgets(db, viewer));
  }));

  app.get('/api/projects', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const { rows } = await run<{ id: number; uuid: string; name: string }>(db, sql`SELECT pr.id, pr.uuid, pr.name FROM projects pr WHERE pr.deleted_at IS NULL AND ${projectsScope(viewer, 'pr')} ORDER BY lower(pr.name), pr.id`);
    return c.json(rows.map((r) => ({ id: Number(r.id), uuid: r.uuid, name: r.name })));
  });

  app.get('/api/graph/subjects', withViewer(async (c, viewer) => {
    return c.json(await subjectsAnswer(db, viewer));
  }));
  app.get('/api/graph/types', withViewer((c) => c.json(GRAPH_TYPES)));
  app.get('/api/graph/types/modifiers', withViewer((c) => c.json(GROUPINGS.map((id) => ({ id, label: `dashboards.groupings.${id}` })))));
  app.get('/api/graph/types/comparisons', withViewer((c) => c.json(COMPARISONS.map((id) => ({ id, label: `dashboards.comparisons.${id}` })))));

  app.post('/api/graph/datasets', withViewer(async (c, viewer) => {
    const payload = await body(c);
    // 01 §5: 'Payload needs to have a dashboard id.' comes first, whatever else is wrong.
    if (!hasDashboardId(payload)) return c.json(restErrorBody('invalid_input', 'dashboards.errors.dashboardIdRequired', { field: 'dashboardId' }), 400);
    const parsed = v.safeParse(DatasetRequestSchema, payload);
    if (!parsed.success) return invalid(c, parsed.issues);
    if (!(await findDashboard(db, viewer, parsed.output.dashboardId))) return notFound(c);
    return c.json(await computeGraph(db, viewer, parsed.output));
  }));

  app.post('/api/graph/related', withViewer(async (c, viewer) => {
    const parsed = v.safeParse(RelatedRequestSchema, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const bad = [...parsed.output.filters.map((f) => f.property), ...(parsed.output.bucket ? [parsed.output.bucket.property] : []), ...parsed.output.empty].find((p) => !propertyOf(parsed.output.subject, p));
    if (bad) return c.json(restErrorBody('invalid_input', 'dashboards.errors.filterIncomplete', { field: bad }), 400);
    return c.json(await relatedRows(db, viewer, parsed.output));
  }));

  app.get('/api/dashboards/:dashboard/widgets/:widget/:file', withViewer(async (c, viewer) => {
    const match = /^data\.(csv|xlsx)$/.exec(c.req.param('file') ?? '');
    const id = idParam(c.req.param('dashboard'));
    const w = idParam(c.req.param('widget'));
    if (!match || id === null || w === null) return notFound(c);
    const widget = await findWidget(db, viewer, w);
    if (!widget || widget.dashboardId !== id) return notFound(c);
    const parsed = v.safeParse(DatasetRequestSchema, { dashboardId: id, type: widget.type, graph: widget.graph });
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
  }));
}

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
