import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from '../../lib/replica/replica-db';

export type InvitationState = 'running' | 'expired' | 'revoked' | 'confirmed';

export interface InvitationView {
  id: number;
  uuid: string;
  username: string;
  email: string;
  name: string;
  role: string;
  state: InvitationState;
  timeExpire: string;
  participantId: number | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function invitationState(doc: ReplicaDocument, now: number): InvitationState {
  if (doc.confirmedAt) return 'confirmed';
  if (doc.revoked === true) return 'revoked';
  return Date.parse(text(doc.timeExpire)) > now ? 'running' : 'expired';
}

/** The invitations of the replica, newest first; of one participant when given. */
export async function listInvitations(r: ReplicaReader, participantId: number | null, now: number): Promise<InvitationView[]> {
  const [docs, roles] = await Promise.all([r.docs('invitations').orderBy('createdAt').reverse().toArray(), r.docs('aclRoles').toArray()]);
  const roleLabel = new Map(roles.map((x) => [Number(x.id), text(x.label)]));
  return docs
    .filter((d) => !d._deleted && (participantId === null || d.participantId === participantId))
    .map((d) => ({
      id: Number(d.id),
      uuid: d.uuid,
      username: text(d.username),
      email: text(d.email),
      name: [text(d.givenName), text(d.surname)].filter(Boolean).join(' '),
      role: roleLabel.get(Number(d.aclRoleId)) ?? '',
      state: invitationState(d, now),
      timeExpire: text(d.timeExpire),
      participantId: typeof d.participantId === 'number' ? d.participantId : null,
    }));
}

export async function participantName(r: ReplicaReader, id: number): Promise<string | null> {
  const p = await r.docs('participants').where('id').equals(id).first();
  if (!p || p._deleted) return null;
  return [text(p.firstname), text(p.prefix), text(p.lastname)].filter(Boolean).join(' ');
}

export async function roleChoices(r: ReplicaReader): Promise<{ id: number; label: string }[]> {
  const docs = await r.docs('aclRoles').toArray();
  return docs.filter((d) => !d._deleted && d.selectable === true).map((d) => ({ id: Number(d.id), label: text(d.label) })).sort((a, b) => a.id - b.id);
}
