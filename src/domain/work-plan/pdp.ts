/**
 * The development-profile rule of spec 02 §8: a discipline cannot be removed while it has active work
 * plans or existing reviews. Pure: the caller gives the facts about the participant and discipline.
 */
export interface DisciplineUse {
  /** Plans of the participant that are not finished and hold a skill (or work order) of the discipline. */
  activeWorkPlans: number;
  /** Reviews or self-reviews that scored a skill of the discipline. */
  reviews: number;
}

export const DISCIPLINE_IN_USE = 'workPlans.errors.disciplineInUse';

export function disciplineRemovalIssue(use: DisciplineUse): string | null {
  return use.activeWorkPlans > 0 || use.reviews > 0 ? DISCIPLINE_IN_USE : null;
}

export interface PdpScores {
  startScore?: number | null;
  currentScore?: number | null;
  targetScore?: number | null;
  selfScore?: number | null;
}

/** The fields a PDP update changes: only those given (undefined = unchanged; null clears). */
export function pdpPatch(input: PdpScores): PdpScores {
  const out: PdpScores = {};
  for (const k of ['startScore', 'currentScore', 'targetScore', 'selfScore'] as const) if (input[k] !== undefined) out[k] = input[k];
  return out;
}
