/**
 * How well an instrument fits the chosen matching filters (instrumentsMatch). Pure, so the server's
 * answer and a screen reading the replica rank the same way.
 *
 * - no filters: every instrument matches fully (100);
 * - otherwise the share of the chosen filters the instrument meets, in whole percents;
 * - a category with single selection counts once: meeting any chosen criterion of it is meeting it.
 */
export interface MatchCriterion {
  id: number;
  categoryId: number;
  singleSelection: boolean;
}

export function matchPercentage(chosen: readonly MatchCriterion[], instrumentCriteria: ReadonlySet<number>): number {
  if (chosen.length === 0) return 100;
  const units = new Map<string, boolean>();
  for (const c of chosen) {
    const key = c.singleSelection ? `c${c.categoryId}` : `k${c.id}`;
    units.set(key, (units.get(key) ?? false) || instrumentCriteria.has(c.id));
  }
  const met = [...units.values()].filter(Boolean).length;
  return Math.round((met / units.size) * 100);
}
