/**
 * Where the authenticator's unlock meets the rest of issue 36: opening the session with an unwrapped data key, the
 * same steps as a right offline password (device-unlock.ts `unlockOffline`: the page holds the key, which the sync
 * client hands to the worker; the wrong tries are cleared; the session opens offline, unconfirmed), and the
 * company's offline cap.
 */
import { setDataKey } from '../../../lib/device-crypto/data-keys';
import { openOfflineSession } from '../../../lib/session/session-store';
import { findDeviceUser, updateDeviceUser } from '../device-unlock/device-users';
import { offlineUnlockAllowed } from '../device-unlock/offline-cap';

/** The data key is open: hold it, clear the wrong tries and open the user's session offline, unconfirmed. */
export function openWithDataKey(userId: number, identity: string, key: Uint8Array): void {
  setDataKey(identity, key);
  key.fill(0);
  const opened = updateDeviceUser(userId, (e) => ({ ...e, failures: 0, lastFailureAt: null })) ?? findDeviceUser(userId);
  if (opened) openOfflineSession({ user: opened.user, company: opened.company });
}

/** Whether the company's cap on days offline still lets this device open the identity offline (the password's rule). */
export function offlineCapAllows(identity: string): boolean {
  return offlineUnlockAllowed(identity);
}
