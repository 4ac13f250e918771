import type { Viewer } from '../auth/viewer';
import { identityKey } from '../../src/domain/sync/status';

/** The header in which a sync worker names the identity it was started for (workers/api.ts). */
export const IDENTITY_HEADER = 'x-werkpad-identity';
export const IDENTITY_CHANGED = 'identity_changed';

/**
 * A sync worker's request whose session now belongs to someone else: another tab signed in as
 * another user, or started or ended impersonating. Such a request is refused (identity_changed), so
 * the worker's queued writes never go out as that other person and its replica never receives the
 * other person's data. Requests without the header (the screens' own calls) are not affected.
 */
export function identityMismatch(request: Request, viewer: Viewer | null): boolean {
  const claimed = request.headers.get(IDENTITY_HEADER);
  if (claimed === null) return false;
  if (!viewer) return false; // no session: the usual no_current_user answer applies
  return claimed !== identityKey(viewer.companyId, viewer.userId, viewer.chain);
}

export const identityChangedBody = {
  errors: [{ message: 'This session now belongs to another user.', extensions: { code: IDENTITY_CHANGED } }],
};
