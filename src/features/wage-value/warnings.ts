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

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The expert of the measurement is also the participant's coach (issue 21: the assessment should be
 * independent). The expert is the user who made the measurement (the signed-in user for a new one),
 * or the staff member named as "Loonwaardedeskundige".
 */
export function expertIsCoach(
  coachId: number | null,
  expertUserId: number | null,
  expertName: string,
  users: readonly { id: number; name: string }[] | undefined,
): boolean {
  if (coachId === null) return false;
  if (expertUserId === coachId) return true;
  const coach = users?.find((u) => u.id === coachId);
  return !!coach && expertName.trim() !== '' && sameName(coach.name, expertName);
}
