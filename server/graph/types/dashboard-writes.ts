import { ok, refuse, registerWrite } from '../../sync/writes';
import { auditMutation } from '../scoped';
import { createDashboard, deleteDashboard, deleteWidget, findDashboard, isRefusal, saveWidget, updateDashboard } from '../../dashboards/store';
import { run, sql } from '../../db/sql';
import { can } from '../../auth/permissions';
import { dashboardWrites } from '../../../src/domain/dashboards/writes';

/**
 * Dashboard and widget edits (issue 22) as declared writes: the same checks as the REST table
 * (server/dashboards/store.ts), run in the write's transaction; per-field merge by registerWrite.
 */

registerWrite(
  dashboardWrites.saveDashboard,
  async ({ tx, viewer, input, current, graph }) => {
    if (current && current.deleted_at !== null) {
      if (!input.restore) return refuse('dashboards.errors.notFound');
      if (!can(viewer, 'delete', 'dashboards')) return refuse('dashboards.errors.notAllowed');
      // the widgets deleted with it (same moment or after) come back; ones removed earlier stay removed
      await run(tx, sql`UPDATE widgets SET deleted_at = NULL WHERE dashboard_id = ${Number(current.id)} AND deleted_at >= ${current.deleted_at}::timestamptz`);
      await run(tx, sql`UPDATE dashboards SET deleted_at = NULL WHERE id = ${Number(current.id)}`);
      await auditMutation(tx, { ...graph, viewer }, 'dashboard.restore', 'dashboard', Number(current.id));
      return ok();
    }
    const result = current
      ? await updateDashboard(tx, viewer, Number(current.id), input)
      : await createDashboard(tx, viewer, input);
    if (isRefusal(result)) return refuse(result.reason, result.params);
    await auditMutation(tx, { ...graph, viewer }, current ? 'dashboard.update' : 'dashboard.create', 'dashboard', result.id);
    return ok();
  },
  { description: 'Creates (new uuid) or renames a dashboard and sets its visibility per project and role (dashboards:add / dashboards:edit).' },
);

registerWrite(
  dashboardWrites.deleteDashboard,
  async ({ tx, viewer, current, graph }) => {
    if (!current) return refuse('dashboards.errors.notFound');
    const refused = await deleteDashboard(tx, viewer, Number(current.id));
    if (refused) return refuse(refused.reason);
    await auditMutation(tx, { ...graph, viewer }, 'dashboard.delete', 'dashboard', Number(current.id));
    return ok();
  },
  { description: 'Deletes a dashboard with its widgets (dashboards:delete).' },
);

registerWrite(
  dashboardWrites.saveWidget,
  async ({ tx, viewer, input, current, graph }) => {
    const dashboard = await findDashboard(tx, viewer, input.dashboardUuid);
    if (!dashboard) return refuse('dashboards.errors.notFound');
    if (current && Number(current.dashboard_id) !== dashboard.id) return refuse('dashboards.errors.widgetNotFound');
    const saved = await saveWidget(tx, viewer, dashboard.id, current ? Number(current.id) : input.uuid, { ...input, graph: input.graph });
    if (isRefusal(saved)) return refuse(saved.reason, saved.params);
    await auditMutation(tx, { ...graph, viewer }, current ? 'widget.update' : 'widget.create', 'widget', saved.id, { dashboard: dashboard.id });
    return ok();
  },
  { description: 'Adds a widget to a dashboard (new uuid) or changes its name, type and graph (dashboards:edit).' },
);

registerWrite(
  dashboardWrites.moveWidget,
  async ({ tx, viewer, input, current }) => {
    if (!current) return refuse('dashboards.errors.widgetNotFound');
    if (!can(viewer, 'edit', 'dashboards')) return refuse('dashboards.errors.notAllowed');
    await run(tx, sql`UPDATE widgets SET sort_order = ${input.sortOrder} WHERE id = ${Number(current.id)}`);
    return ok();
  },
  { description: "Sets a widget's place on its dashboard (dashboards:edit)." },
);

registerWrite(
  dashboardWrites.deleteWidget,
  async ({ tx, viewer, current, graph }) => {
    if (!current) return refuse('dashboards.errors.widgetNotFound');
    const refused = await deleteWidget(tx, viewer, Number(current.id));
    if (refused) return refuse(refused.reason);
    await auditMutation(tx, { ...graph, viewer }, 'widget.delete', 'widget', Number(current.id));
    return ok();
  },
  { description: 'Removes a widget from its dashboard (dashboards:edit).' },
);
