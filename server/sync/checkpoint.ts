import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/db';

/**
 * Signed pull checkpoints (docs/decisions-sync.md). The server only accepts checkpoints it issued:
 * the `scopeKey` field of a checkpoint carries a token `<payload>.<signature>`, the payload being
 * base64url JSON of what the checkpoint stands for and the signature an HMAC-SHA256 with the
 * company's key (table sync_keys, made on first use). A checkpoint that is unsigned, forged, for
 * another collection or user, from another database epoch, below the tombstone horizon or ahead of
 * the database's sequence answers `reset`, so no client can ask for tombstones it was never given.
 */

export interface SyncKeys {
  epoch: string;
  key: Buffer;
  /** Deleted rows up to this change_seq may have been purged. */
  horizon: number;
}

export interface CheckpointClaims {
  /** Collection name. */
  c: string;
  /** The (effective) user the checkpoint was given to. */
  u: number;
  /** Database epoch. */
  e: string;
  /** Every change up to here is in the replica. */
  s: number;
  /** The scope fingerprint (see scopeKey in pull.ts). */
  k: string;
  /** The committed high-water mark of the sync in progress (set while `hasMore`). */
  w?: number;
  /** When the checkpoint was issued (ms). */
  t: number;
  /** A sync from zero in progress (first sync or reset): its pages skip tombstones too. */
  z?: 1;
}

/** How long a checkpoint's high-water mark and fingerprint serve the pages that follow it. */
export const SYNC_TOKEN_MS = 120_000;
const SIGNATURE_CHARS = 27; // 160 bits of the HMAC, base64url

/** SyncKeys from a sync_keys row. */
export function keysOfRow(row: { epoch: string; hmac_key: string; tombstone_horizon: number | string }): SyncKeys {
  return { epoch: row.epoch, key: Buffer.from(row.hmac_key, 'base64'), horizon: Number(row.tombstone_horizon) };
}

/** The company's signing key, epoch and horizon; creates them on first use. */
export async function loadSyncKeys(db: Queryable, companyId: number): Promise<SyncKeys> {
  const read = async () =>
    (
      await db.query<{ epoch: string; hmac_key: string; tombstone_horizon: number }>(
        'SELECT epoch, hmac_key, tombstone_horizon FROM sync_keys WHERE company_id = $1',
        [companyId],
      )
    ).rows[0];
  let row = await read();
  if (!row) {
    await db.query('INSERT INTO sync_keys (company_id, epoch, hmac_key) VALUES ($1, $2, $3) ON CONFLICT (company_id) DO NOTHING', [
      companyId,
      randomUUID(),
      randomBytes(32).toString('base64'),
    ]);
    row = await read();
  }
  if (!row) throw new Error(`No sync keys for company ${companyId}`);
  return keysOfRow(row);
}

function sign(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_CHARS);
}

export function signCheckpoint(keys: SyncKeys, claims: CheckpointClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(keys.key, payload)}`;
}

export type CheckpointCheck =
  | { kind: 'initial' }
  | { kind: 'ok'; claims: CheckpointClaims }
  | { kind: 'reset'; reason: 'unsigned' | 'forged' | 'other_owner' | 'epoch' | 'horizon' };

/**
 * The claims a token says it carries, NOT verified: only to decide what to compute before the keys
 * are at hand (pull.ts). Null for anything that is not a readable token.
 */
export function peekClaims(token: string | null): CheckpointClaims | null {
  if (!token || token.length > 4096) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as unknown;
    return claims && typeof claims === 'object' ? (claims as CheckpointClaims) : null;
  } catch {
    return null;
  }
}

/** Judges a checkpoint the client sent back. `seq` 0 without a token is the first pull. */
export function verifyCheckpoint(
  keys: SyncKeys,
  checkpoint: { seq: number; scopeKey: string | null },
  expect: { collection: string; userId: number },
): CheckpointCheck {
  const token = checkpoint.scopeKey;
  if (!token) return checkpoint.seq > 0 ? { kind: 'reset', reason: 'unsigned' } : { kind: 'initial' };
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 4096) return { kind: 'reset', reason: 'unsigned' };
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const wanted = Buffer.from(sign(keys.key, payload));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { kind: 'reset', reason: 'forged' };
  let claims: CheckpointClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CheckpointClaims;
  } catch {
    return { kind: 'reset', reason: 'forged' };
  }
  if (claims.c !== expect.collection || claims.u !== expect.userId) return { kind: 'reset', reason: 'other_owner' };
  if (claims.e !== keys.epoch) return { kind: 'reset', reason: 'epoch' };
  if (claims.s !== checkpoint.seq) return { kind: 'reset', reason: 'forged' };
  if (claims.s > 0 && claims.s < keys.horizon) return { kind: 'reset', reason: 'horizon' };
  return { kind: 'ok', claims };
}
