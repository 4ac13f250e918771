import * as v from 'valibot';

/** Workplaces, vacancies and the workplace application (workplaceApplication, 02 §3 workplaces). */
export const WorkplaceApplicationSchema = v.object({
  uuid: v.pipe(v.string('portal.validation.invalid'), v.uuid('portal.validation.invalid')),
  workplaceId: v.pipe(v.number('portal.validation.invalid'), v.integer('portal.validation.invalid'), v.minValue(1, 'portal.validation.invalid')),
  motivation: v.pipe(v.string(), v.trim(), v.maxLength(2000, 'portal.validation.motivationTooLong')),
});
export type WorkplaceApplicationInput = v.InferOutput<typeof WorkplaceApplicationSchema>;

export interface WorkplaceLike {
  availableSince?: unknown;
  capacity?: unknown;
  _deleted?: boolean;
}

/** A vacancy: a workplace with places that is available on `today` (YYYY-MM-DD). */
export function isVacancy(w: WorkplaceLike, today: string): boolean {
  if (w._deleted) return false;
  const since = typeof w.availableSince === 'string' ? w.availableSince.slice(0, 10) : null;
  const places = typeof w.capacity === 'number' ? w.capacity : null;
  return since !== null && since <= today && (places === null || places > 0);
}

export interface ApplicationLike {
  workplaceId?: unknown;
  status?: unknown;
  _deleted?: boolean;
}

/** The participant's live application for a workplace (submitted or accepted), if any. */
export function openApplicationFor<T extends ApplicationLike>(applications: readonly T[], workplaceId: number): T | undefined {
  return applications.find((a) => !a._deleted && a.workplaceId === workplaceId && (a.status === 'submitted' || a.status === 'accepted'));
}
