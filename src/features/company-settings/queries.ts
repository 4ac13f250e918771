import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';

/** The company settings screens' replica reads. */
export async function companyDoc(r: ReplicaReader, companyId: number): Promise<ReplicaDocument | null> {
  const doc = await r.docs('companies').where('id').equals(companyId).first();
  return doc && !doc._deleted ? doc : null;
}

export interface ListRow {
  id: string | null;
  label: string;
  occupiesPlace?: boolean;
  srgValue?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function list(r: ReplicaReader, name: 'placementProcessLabels' | 'placementRejectReasons' | 'workPlanTerminationReasons'): Promise<ListRow[]> {
  const docs = await r.docs(name).toArray();
  return docs
    .filter((d) => !d._deleted)
    .sort((a, b) => Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0) || Number(a.id) - Number(b.id))
    .map((d) => ({
      id: String(d.id),
      label: text(d.label),
      ...(name === 'placementProcessLabels' ? { occupiesPlace: d.occupiesPlace === true } : {}),
      ...(name === 'workPlanTerminationReasons' ? { srgValue: text(d.srgValue) } : {}),
    }));
}

export const processLabels = (r: ReplicaReader) => list(r, 'placementProcessLabels');
export const rejectReasons = (r: ReplicaReader) => list(r, 'placementRejectReasons');
export const srgReasons = (r: ReplicaReader) => list(r, 'workPlanTerminationReasons');
