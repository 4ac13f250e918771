import * as v from 'valibot';

/** Participant targets (participantTargets, setParticipantTarget; widget MyTargets). */
const IsoDate = v.pipe(v.string('portal.validation.dateInvalid'), v.isoDate('portal.validation.dateInvalid'));

export const SetTargetSchema = v.object({
  uuid: v.pipe(v.string('portal.validation.invalid'), v.uuid('portal.validation.invalid')),
  participantId: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1))),
  description: v.pipe(
    v.string('portal.validation.targetRequired'),
    v.trim(),
    v.minLength(1, 'portal.validation.targetRequired'),
    v.maxLength(500, 'portal.validation.targetTooLong'),
  ),
  targetDate: v.nullish(IsoDate),
  achieved: v.boolean(),
});
export type SetTargetInput = v.InferOutput<typeof SetTargetSchema>;

export interface TargetLike {
  achievedAt?: unknown;
  targetDate?: unknown;
  _deleted?: boolean;
}

/** Open targets first (nearest date first, undated last), then achieved ones. */
export function sortTargets<T extends TargetLike>(list: readonly T[]): T[] {
  const key = (t: T) => [t.achievedAt ? 1 : 0, typeof t.targetDate === 'string' ? t.targetDate : '9999-12-31'] as const;
  return [...list].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1].localeCompare(kb[1]);
  });
}

export function targetProgress(list: readonly TargetLike[]): { achieved: number; total: number } {
  const live = list.filter((t) => !t._deleted);
  return { achieved: live.filter((t) => Boolean(t.achievedAt)).length, total: live.length };
}
