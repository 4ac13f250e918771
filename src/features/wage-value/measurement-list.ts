/** Filter, sort and page the measurements of the replica (pure, tested). */
import type { MeasurementDocument } from '../../domain/wage-value/measurement';

export interface MeasurementSearchState {
  q?: string;
  status?: 'concept' | 'definitive' | 'cancelled';
  type?: 1 | 2;
  sort?: 'createdAt' | 'participant' | 'employer' | 'wageValue';
  page?: number;
}

export const PAGE_SIZE = 15;

export const STATUSES = ['concept', 'definitive', 'cancelled'] as const;
export const SORTS = ['createdAt', 'participant', 'employer', 'wageValue'] as const;

/**
 * The route's search parameters. Kept here, in pure code: the route's validateSearch is part of the
 * entry chunk, so importing it from the screen pulled the screen, its hooks and Dexie into every
 * page's first load, /login included.
 */
export function parseSearch(raw: Record<string, unknown>): MeasurementSearchState {
  const s: MeasurementSearchState = {};
  if (typeof raw.q === 'string' && raw.q !== '') s.q = raw.q.slice(0, 100);
  if (STATUSES.includes(raw.status as never)) s.status = raw.status as MeasurementSearchState['status'];
  if (raw.type === 1 || raw.type === 2 || raw.type === '1' || raw.type === '2') s.type = Number(raw.type) as 1 | 2;
  if (SORTS.includes(raw.sort as never)) s.sort = raw.sort as MeasurementSearchState['sort'];
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1) s.page = page;
  return s;
}

export const nameOf = (m: MeasurementDocument): string =>
  [m.participantSnapshot?.firstname, m.participantSnapshot?.prefix, m.participantSnapshot?.lastname].filter((x) => x && x.trim() !== '').join(' ');

export function filterMeasurements(all: readonly MeasurementDocument[], s: MeasurementSearchState, names: ReadonlyMap<number, string>): { rows: MeasurementDocument[]; total: number; pages: number; page: number } {
  const q = (s.q ?? '').trim().toLowerCase();
  const name = (m: MeasurementDocument): string => nameOf(m) || names.get(m.participantId) || '';
  const matches = all.filter((m) =>
    (!s.status || m.status === s.status) && (!s.type || m.type === s.type) &&
    (q === '' || name(m).toLowerCase().includes(q) || (m.employerName ?? m.details?.employerName ?? '').toLowerCase().includes(q)));
  const key = s.sort ?? 'createdAt';
  const sorted = [...matches].sort((a, b) => {
    if (key === 'participant') return name(a).localeCompare(name(b), 'nl');
    if (key === 'employer') return (a.employerName ?? '').localeCompare(b.employerName ?? '', 'nl');
    if (key === 'wageValue') return (b.wageValue ?? -1) - (a.wageValue ?? -1);
    // Newest first, ties by uuid descending: the order of the listCreatedAt index read in reverse.
    return String(b.createdAt ?? '9999').localeCompare(String(a.createdAt ?? '9999')) || (a.uuid < b.uuid ? 1 : a.uuid > b.uuid ? -1 : 0);
  });
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, s.page ?? 1), pages);
  return { rows: sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: sorted.length, pages, page };
}
