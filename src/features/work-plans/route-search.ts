import { workPlanSortKeys, type SortDirection, type WorkPlanSortKey } from '../../domain/work-plan/views';

export interface WorkPlanListSearch {
  filter?: number;
  search?: string;
  sort?: WorkPlanSortKey;
  dir?: SortDirection;
  page?: number;
}

/** The list's search params (filter 1..5, search text, sort key and direction, page). */
export function parseListSearch(raw: Record<string, unknown>): WorkPlanListSearch {
  const n = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d+$/.test(x) ? Number(x) : undefined);
  const filter = n(raw.filter);
  const out: WorkPlanListSearch = {};
  if (filter !== undefined && filter >= 1 && filter <= 5) out.filter = filter;
  if (typeof raw.search === 'string' && raw.search) out.search = raw.search.slice(0, 100);
  if (typeof raw.sort === 'string' && (workPlanSortKeys as readonly string[]).includes(raw.sort)) out.sort = raw.sort as WorkPlanSortKey;
  if (raw.dir === 'desc' || raw.dir === 'asc') out.dir = raw.dir;
  const page = n(raw.page);
  if (page !== undefined && page >= 1) out.page = page;
  return out;
}

export function listHref(s: WorkPlanListSearch): string {
  const p = new URLSearchParams();
  if (s.filter && s.filter !== 1) p.set('filter', String(s.filter));
  if (s.search) p.set('search', s.search);
  if (s.sort) p.set('sort', s.sort);
  if (s.dir) p.set('dir', s.dir);
  if (s.page && s.page > 1) p.set('page', String(s.page));
  const q = p.toString();
  return q ? `/work-plan?${q}` : '/work-plan';
}
