import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';
import { Visibility } from '../../domain/shared/visibility';

/** The user screens' replica reads (screens and benchmarks import these). */
export const USER_COLUMNS = ['name', 'username', 'email', 'role', 'project', 'status', 'phone'] as const;
export type UserColumn = (typeof USER_COLUMNS)[number];
export const DEFAULT_USER_COLUMNS: UserColumn[] = ['name', 'username', 'email', 'role', 'status'];

export interface UserSearch {
  text: string;
  roleId: number | null;
  includeBlocked: boolean;
  sortBy: UserColumn;
  descending: boolean;
  page: number;
  perPage: number;
}

export interface UserRowView {
  id: number;
  uuid: string;
  name: string;
  username: string;
  email: string;
  phone: string;
  role: string;
  project: string;
  blocked: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function fullName(u: ReplicaDocument): string {
  return [text(u.givenName) || text(u.initials), text(u.surname)].filter(Boolean).join(' ') || text(u.username);
}

export async function labelsById(r: ReplicaReader, name: 'aclRoles' | 'projects', field: 'label' | 'name'): Promise<Map<number, string>> {
  const docs = await r.docs(name).toArray();
  return new Map(docs.filter((d) => !d._deleted).map((d) => [Number(d.id), text(d[field])]));
}

/** Users of the replica: staff and participant logins, filtered, sorted and paged. */
export async function searchUsers(r: ReplicaReader, s: UserSearch): Promise<{ rows: UserRowView[]; total: number }> {
  const [docs, roles, projects] = await Promise.all([r.docs('users').toArray(), labelsById(r, 'aclRoles', 'label'), labelsById(r, 'projects', 'name')]);
  const q = s.text.trim().toLowerCase();
  const rows = docs
    .filter((u) => !u._deleted && u.display !== Visibility.deleted && u.display !== Visibility.hidden)
    .filter((u) => s.includeBlocked || u.display !== Visibility.blocked)
    .filter((u) => s.roleId === null || Number(u.aclRoleId) === s.roleId)
    .filter((u) => !q || [fullName(u), text(u.username), text(u.email)].some((x) => x.toLowerCase().includes(q)))
    .map(
      (u): UserRowView => ({
        id: Number(u.id),
        uuid: u.uuid,
        name: fullName(u),
        username: text(u.username),
        email: text(u.email),
        phone: text(u.phone),
        role: roles.get(Number(u.aclRoleId)) ?? '',
        project: typeof u.projectId === 'number' ? (projects.get(u.projectId) ?? '') : '',
        blocked: u.display === Visibility.blocked,
      }),
    );
  const key = (row: UserRowView): string => (s.sortBy === 'status' ? String(row.blocked) : row[s.sortBy]).toLowerCase();
  rows.sort((a, b) => key(a).localeCompare(key(b), 'nl') * (s.descending ? -1 : 1) || a.id - b.id);
  const start = s.perPage === 0 ? 0 : (s.page - 1) * s.perPage;
  return { total: rows.length, rows: s.perPage === 0 ? rows : rows.slice(start, start + s.perPage) };
}

export async function userById(r: ReplicaReader, id: number): Promise<ReplicaDocument | null> {
  const doc = await r.docs('users').where('id').equals(id).first();
  return doc && !doc._deleted ? doc : null;
}

export interface Option {
  id: number;
  label: string;
  selectable?: boolean;
}

export async function roleOptions(r: ReplicaReader): Promise<Option[]> {
  const docs = await r.docs('aclRoles').toArray();
  return docs.filter((d) => !d._deleted).map((d) => ({ id: Number(d.id), label: text(d.label), selectable: d.selectable === true })).sort((a, b) => a.id - b.id);
}

export async function projectOptions(r: ReplicaReader): Promise<Option[]> {
  const docs = await r.docs('projects').toArray();
  return docs.filter((d) => !d._deleted).map((d) => ({ id: Number(d.id), label: text(d.name) })).sort((a, b) => a.label.localeCompare(b.label, 'nl'));
}

/** The signed-in user's saved settings and latest history for a search subject. */
export async function searchState(r: ReplicaReader, userId: number, subject: string): Promise<{ settings: ReplicaDocument | null; history: ReplicaDocument[] }> {
  const [settings, history] = await Promise.all([
    r.docs('searchSettings').where('[userId+subject]').equals([userId, subject]).first(),
    r.docs('searchHistory').where('[userId+subject]').equals([userId, subject]).toArray(),
  ]);
  return {
    settings: settings && !settings._deleted ? settings : null,
    history: history.filter((h) => !h._deleted).sort((a, b) => text(b.createdAt).localeCompare(text(a.createdAt))).slice(0, 10),
  };
}
