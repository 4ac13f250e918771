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
  const { met, total } = matchCounts(chosen, instrumentCriteria);
  return total === 0 ? 100 : Math.round((met / total) * 100);
}

/** The criteria units met and chosen ("4 van 5 criteria"): a single-selection category is one unit. */
export function matchCounts(chosen: readonly MatchCriterion[], instrumentCriteria: ReadonlySet<number>): { met: number; total: number } {
  const units = new Map<string, boolean>();
  for (const c of chosen) {
    const key = c.singleSelection ? `c${c.categoryId}` : `k${c.id}`;
    units.set(key, (units.get(key) ?? false) || instrumentCriteria.has(c.id));
  }
  return { met: [...units.values()].filter(Boolean).length, total: units.size };
}

/** A matching result: the instrument, its score and the units behind it. */
export interface RankedInstrument<T> {
  item: T;
  match: number;
  met: number;
  total: number;
}

/**
 * Ranks instruments for the chosen criteria like instrumentsMatch: the best match first, then by name;
 * with criteria chosen, instruments meeting none are left out.
 */
export function rankInstruments<T extends { name: string; criterionIds: ReadonlySet<number> }>(items: readonly T[], chosen: readonly MatchCriterion[]): RankedInstrument<T>[] {
  return items
    .map((item) => {
      const { met, total } = matchCounts(chosen, item.criterionIds);
      return { item, met, total, match: total === 0 ? 100 : Math.round((met / total) * 100) };
    })
    .filter((r) => r.total === 0 || r.met > 0)
    .sort((a, b) => b.match - a.match || a.item.name.localeCompare(b.item.name, 'nl'));
}
