import { ParticipantStatus, type ParticipantStatusName } from '../../domain/shared/participant-status';

/** One line of the participants list, whichever source it came from. */
export interface ParticipantListRow {
  id?: number;
  uuid: string;
  name: string;
  statusName: ParticipantStatusName | null;
  coachName: string | null;
  managerName?: string | null;
  /** The whole BSN as the replica holds it; screens show it masked (maskBsn). */
  bsn?: string | null;
  hidden: boolean;
}

const statusNameById = new Map<number, ParticipantStatusName>(
  (Object.entries(ParticipantStatus) as [ParticipantStatusName, number][]).map(([name, id]) => [id, name]),
);

export function statusNameOf(id: unknown): ParticipantStatusName | null {
  return typeof id === 'number' ? (statusNameById.get(id) ?? null) : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "Jansen, Piet de": surname first, as the list is ordered. */
export function listName(doc: Readonly<Record<string, unknown>>): string {
  const given = [text(doc.firstname), text(doc.prefix)].filter(Boolean).join(' ');
  return given ? `${text(doc.lastname)}, ${given}` : text(doc.lastname);
}

export function userName(user: Readonly<Record<string, unknown>> | undefined): string | null {
  if (!user) return null;
  const name = [text(user.givenName) || text(user.initials), text(user.surname)].filter(Boolean).join(' ');
  return name || null;
}
