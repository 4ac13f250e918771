import { useSnapshot } from 'valtio';
import { sessionStore } from '../../lib/session/session-store';

export interface WageValueMe { userId: number; name: string }

export function useWageValueMe(): WageValueMe | null {
  const { user } = useSnapshot(sessionStore);
  return user ? { userId: user.id, name: [user.givenName, user.surname].filter(Boolean).join(' ') } : null;
}
