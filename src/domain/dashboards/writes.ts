/**
 * Dashboard and widget edits as declared writes (docs/writes.md): they work offline, are sent once,
 * and are checked by the same schemas in the builder, the worker and the server. Server effects:
 * server/graph/types/dashboard-writes.ts.
 */
import { defineWrite } from '../writes/define';
import { DeleteDashboardSchema, DeleteWidgetSchema, MoveWidgetSchema, SaveDashboardSchema, SaveWidgetSchema } from './inputs';

export const dashboardWrites = {
  saveDashboard: defineWrite({
    mutation: 'saveDashboard',
    input: SaveDashboardSchema,
    document: { collection: 'dashboards', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => {
      const out: Record<string, unknown> = { uuid: i.uuid, name: i.name };
      if (i.visibleProjectIds !== undefined) out.visibleProjectIds = i.visibleProjectIds;
      if (i.visibleRoleIds !== undefined) out.visibleRoleIds = i.visibleRoleIds;
      if (i.sortOrder !== undefined) out.sortOrder = i.sortOrder;
      return out;
    },
  }),
  deleteDashboard: defineWrite({
    mutation: 'deleteDashboard',
    input: DeleteDashboardSchema,
    document: { collection: 'dashboards', target: (i) => i.uuid, mode: 'delete' },
  }),
  saveWidget: defineWrite({
    mutation: 'saveWidget',
    input: SaveWidgetSchema,
    document: { collection: 'widgets', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => {
      const out: Record<string, unknown> = { uuid: i.uuid, dashboardUuid: i.dashboardUuid, name: i.name, type: i.type, graph: i.graph };
      if (i.sortOrder !== undefined) out.sortOrder = i.sortOrder;
      return out;
    },
    displayOnly: ['dashboardUuid'],
  }),
  moveWidget: defineWrite({
    mutation: 'moveWidget',
    input: MoveWidgetSchema,
    document: { collection: 'widgets', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => ({ sortOrder: i.sortOrder }),
  }),
  deleteWidget: defineWrite({
    mutation: 'deleteWidget',
    input: DeleteWidgetSchema,
    document: { collection: 'widgets', target: (i) => i.uuid, mode: 'delete' },
  }),
};
