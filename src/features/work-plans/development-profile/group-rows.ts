import type { ProfileRow } from '../queries';

export interface ProfileGroup {
  id: number;
  name: string;
  kind: 'behavior' | 'skill';
  rows: ProfileRow[];
}

/** Rows grouped by competency (behaviours) or discipline (skills), in name order. */
export function groupRows(rows: readonly ProfileRow[]): ProfileGroup[] {
  const out = new Map<string, ProfileGroup>();
  for (const r of rows) {
    const key = `${r.kind}${r.groupId}`;
    const g = out.get(key) ?? { id: r.groupId, name: r.group, kind: r.kind, rows: [] };
    g.rows.push(r);
    out.set(key, g);
  }
  return [...out.values()].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, 'nl') : a.kind === 'behavior' ? -1 : 1));
}
