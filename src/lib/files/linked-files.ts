import type { ReplicaReader } from '../replica/replica-db';
import type { ReplicaDocument } from '../../domain/sync/types';
import { useReplicaQuery } from '../replica/hooks';

/** A file as a files section lists it (a work plan's files, an instrument's documents). */
export interface LinkedFileView {
  uuid: string;
  name: string;
  mime: string;
  size: number;
  createdAt: string;
  userId: number | null;
  uploaderName: string;
  /** Not yet on the server (queued offline). */
  pending: boolean;
}

const text = (x: unknown): string => (typeof x === 'string' ? x : '');
const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const userName = (u: ReplicaDocument | undefined): string => (u ? [text(u.givenName) || text(u.initials), text(u.surname)].filter(Boolean).join(' ') : '');

/** The files linked to a work plan or an instrument (by its numeric id, through the index), newest first, with the uploader's name. */
export async function linkedFiles(r: ReplicaReader, link: 'workPlanId' | 'instrumentId', id: number): Promise<LinkedFileView[]> {
  const [files, users] = await Promise.all([r.docs('files').where(link).equals(id).toArray(), r.docs('users').toArray()]);
  const um = new Map(users.filter((u) => typeof u.id === 'number').map((u) => [u.id as number, u]));
  return files
    .filter((f) => !f._deleted && !f.deletedAt)
    .map((f) => ({
      uuid: f.uuid,
      name: text(f.name),
      mime: text(f.mime),
      size: Number(f.size) || 0,
      createdAt: text(f.createdAt),
      userId: num(f.userId),
      uploaderName: userName(um.get(num(f.userId) ?? -1)),
      pending: f._pending === true,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
}

export const useLinkedFiles = (link: 'workPlanId' | 'instrumentId', id: number | null) =>
  useReplicaQuery((r) => (id === null ? Promise.resolve([]) : linkedFiles(r, link, id)), [link, id]);
