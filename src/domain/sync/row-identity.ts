/**
 * The identity an outbox row is made under, and the replica it lives in (docs/decisions-sync.md,
 * "Identity per row and per replica"): the company, the user who really signed in and the whole
 * impersonation chain. Shared by the worker (which records it on every row and pushes only its own
 * rows), the server (which refuses a row whose identity is not the request's) and the screens
 * (which say for whom rows of another identity wait).
 */

export interface RowIdentity {
  companyId: number;
  /** The user who signed in (not impersonated). */
  realUserId: number;
  /** Users impersonated, oldest first; empty when not impersonating. */
  chain: readonly number[];
}

/** The reason the server refuses a row made under another identity than the request's (nothing is written). */
export const IDENTITY_MISMATCH = 'identity_mismatch';

/** `<company>:<real user>[><impersonated>...]`, e.g. `1:3` or `1:3>7>9`: the audit log's chain. */
export function rowIdentityKey(identity: RowIdentity): string {
  return `${identity.companyId}:${[identity.realUserId, ...identity.chain].join('>')}`;
}

/** The key read back; null when it is not one. */
export function parseRowIdentity(key: string | null | undefined): RowIdentity | null {
  const match = /^(\d+):(\d+(?:>\d+)*)$/.exec(key ?? '');
  if (!match) return null;
  const [realUserId, ...chain] = match[2]!.split('>').map(Number);
  return { companyId: Number(match[1]), realUserId: realUserId!, chain };
}

/** Whose data the identity works on: the last impersonated user, or the real one. */
export function effectiveUserOf(identity: RowIdentity): number {
  return identity.chain[identity.chain.length - 1] ?? identity.realUserId;
}

/**
 * The replica of one identity: `werkpad-<company>-<user>` for a user signed in as themselves (the
 * name replicas had before identities, so those stay readable as they are), and
 * `werkpad-<company>-<user>-via-<real>.<chain>` while impersonating, so an impersonation has a
 * replica and an outbox of its own. Without a chain (or without the real user known) the old name.
 */
export function replicaNameOf(session: { companyId: number; userId: number; chain?: readonly number[]; realUserId?: number | null }): string {
  const base = `werkpad-${session.companyId}-${session.userId}`;
  const chain = session.chain ?? [];
  if (chain.length === 0) return base;
  return `${base}-via-${[session.realUserId ?? 0, ...chain].join('.')}`;
}

/** Whether a row belongs to the worker of `identity`: rows from before identities (none recorded) belong to their replica's worker. */
export function rowBelongsTo(row: { identity?: string | null }, identity: string | null | undefined): boolean {
  return !identity || !row.identity || row.identity === identity;
}
