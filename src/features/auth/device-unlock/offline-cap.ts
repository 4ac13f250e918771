import { replicaName } from '../../../domain/sync/replica-schema';
import { withinOfflineCap } from '../../../lib/device/offline-cap';
import { findDeviceUser } from './device-users';

/**
 * The offline cap (issue 36; docs/decisions-offline-unlock.md, "The offline cap"): past the company's maximum
 * days without the server confirming a session of the identity on this device, offline unlock (password, PIN or
 * authenticator) refuses and asks for an online sign-in. Nothing is deleted: the data stays sealed and every
 * unsent row stays in the outbox until that sign-in.
 * `identity`: the replica's name (`replicaName`, as the data keys are named).
 */
export function offlineUnlockAllowed(identity: string, now: number = Date.now()): boolean {
  return withinOfflineCap(identity, now);
}

/** The same for a user the device knows (their own replica). Unknown users: allowed (nothing to open anyway). */
export function offlineUnlockAllowedForUser(userId: number, now: number = Date.now()): boolean {
  const entry = findDeviceUser(userId);
  if (!entry) return true;
  return offlineUnlockAllowed(replicaName({ companyId: entry.user.companyId, userId: entry.user.id }), now);
}
