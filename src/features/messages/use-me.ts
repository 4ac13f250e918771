import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';
import { partyKeyOf, type PartyKey } from '../../domain/messages/views';

export interface Me {
  key: PartyKey;
  userId: number;
  participantId: number | null;
  name: string;
  isParticipant: boolean;
}

/** The signed-in user as a message party (null before sign-in). */
export function useMe(): Me | null {
  const { user } = useSnapshot(sessionStore);
  if (!user) return null;
  const key = partyKeyOf(user);
  return {
    key,
    userId: user.id,
    participantId: key.startsWith('p:') ? user.participantId : null,
    name: [user.givenName, user.surname].filter(Boolean).join(' '),
    isParticipant: key.startsWith('p:'),
  };
}
