import type { ReplicaReader } from '../../lib/replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { Graph } from '../../domain/dashboards/inputs';
import { Role } from '../../domain/shared/roles';

/** Dashboards and widgets as the screens read them from the replica (they work offline). */
export interface DashboardDoc {
  uuid: string;
  id?: number;
  name: string;
  visibleProjectIds: number[];
  visibleRoleIds: number[];
  sortOrder: number;
  pending: boolean;
}
export interface WidgetDoc {
  uuid: string;
  id?: number;
  dashboardUuid: string;
  dashboardId?: number;
  name: string;
  type: 'bar' | 'pie' | 'table';
  graph: Graph;
  sortOrder: number;
  pending: boolean;
}

const nums = (x: unknown): number[] => (Array.isArray(x) ? x.map(Number).filter((n) => Number.isFinite(n)) : []);

const toDashboard = (d: ReplicaDocument): DashboardDoc => ({
  uuid: d.uuid,
  ...(typeof d.id === 'number' ? { id: d.id } : {}),
  name: typeof d.name === 'string' ? d.name : '',
  visibleProjectIds: nums(d.visibleProjectIds),
  visibleRoleIds: nums(d.visibleRoleIds),
  sortOrder: typeof d.sortOrder === 'number' ? d.sortOrder : 0,
  pending: d._pending === true,
});

const toWidget = (d: ReplicaDocument): WidgetDoc => ({
  uuid: d.uuid,
  ...(typeof d.id === 'number' ? { id: d.id } : {}),
  dashboardUuid: typeof d.dashboardUuid === 'string' ? d.dashboardUuid : '',
  ...(typeof d.dashboardId === 'number' ? { dashboardId: d.dashboardId } : {}),
  name: typeof d.name === 'string' ? d.name : '',
  type: d.type === 'pie' || d.type === 'table' ? d.type : 'bar',
  graph: (d.graph ?? { subject: 'participant', datasets: [], axes: { x: '', y: '' } }) as Graph,
  sortOrder: typeof d.sortOrder === 'number' ? d.sortOrder : 0,
  pending: d._pending === true,
});

export async function dashboardList(r: ReplicaReader): Promise<DashboardDoc[]> {
  const docs = (await r.docs('dashboards').toArray()).filter((d) => !d._deleted).map(toDashboard);
  return docs.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'nl') || a.uuid.localeCompare(b.uuid));
}

export async function widgetCounts(r: ReplicaReader): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const w of await r.docs('widgets').toArray()) {
    if (w._deleted || typeof w.dashboardUuid !== 'string') continue;
    out[w.dashboardUuid] = (out[w.dashboardUuid] ?? 0) + 1;
  }
  return out;
}

/** null: not in the replica (deleted, or not visible). */
export async function dashboardByUuid(r: ReplicaReader, uuid: string): Promise<DashboardDoc | null> {
  const d = await r.docs('dashboards').get(uuid);
  return d && !d._deleted ? toDashboard(d) : null;
}

export async function widgetsOf(r: ReplicaReader, dashboardUuid: string): Promise<WidgetDoc[]> {
  const docs = (await r.docs('widgets').toArray()).filter((w) => !w._deleted && w.dashboardUuid === dashboardUuid).map(toWidget);
  return docs.sort((a, b) => a.sortOrder - b.sortOrder || (a.id ?? Infinity) - (b.id ?? Infinity) || a.uuid.localeCompare(b.uuid));
}

export async function projectOptions(r: ReplicaReader): Promise<{ id: number; name: string }[]> {
  const docs = (await r.docs('projects').toArray()).filter((p) => !p._deleted && typeof p.id === 'number');
  return docs.map((p) => ({ id: p.id!, name: typeof p.name === 'string' ? p.name : `#${p.id}` })).sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

/** Staff roles a dashboard can be shown to (participants never see dashboards). */
export async function roleOptions(r: ReplicaReader): Promise<{ id: number; label: string }[]> {
  const docs = (await r.docs('aclRoles').toArray()).filter((x) => !x._deleted && typeof x.id === 'number' && x.id !== Role.participant);
  return docs.map((x) => ({ id: x.id!, label: typeof x.label === 'string' ? x.label : `#${x.id}` })).sort((a, b) => a.id - b.id);
}

export async function refusedDashboardWrites(r: ReplicaReader) {
  return (await r.outbox.where('status').equals('failed').toArray()).filter((row) => row.op.startsWith('dashboards.'));
}
