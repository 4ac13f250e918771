import type { MeasurementDocument } from '../../domain/wage-value/measurement';

/** A definitive measurement of the participant younger than six months (the duplicate check of issue 12). */
export function recentDefinitive(measurements: readonly MeasurementDocument[], now: Date, exceptUuid: string | null): MeasurementDocument | null {
  const limit = new Date(now);
  limit.setMonth(limit.getMonth() - 6);
  return measurements.find((m) => m.uuid !== exceptUuid && m.status === 'definitive' && new Date(m.definitiveAt ?? m.createdAt ?? 0) > limit) ?? null;
}

/** Another live concept of the participant (a new concept replaces it only after confirmation). */
export function otherConcept(measurements: readonly MeasurementDocument[], exceptUuid: string | null): MeasurementDocument | null {
  return measurements.find((m) => m.uuid !== exceptUuid && m.status === 'concept' && !m._deleted) ?? null;
}
