/** Shapes shared by the server's replication endpoints, the sync worker and the screens. */

/** Where a client stands in one collection: every change up to `seq` is in its replica. */
export interface Checkpoint {
  seq: number;
  /**
   * The server's fingerprint of the viewer's permission scope when the checkpoint was given. When it
   * differs on the next pull, the server restarts the collection from zero (`reset`).
   */
  scopeKey: string | null;
}

export const INITIAL_CHECKPOINT: Checkpoint = { seq: 0, scopeKey: null };

/** A replicated document as the server sends it: camelCase fields of its row. */
export interface ReplicaDocument {
  /** The replica's primary key: the row's uuid (client-creatable, so offline creations keep it). */
  uuid: string;
  /** The server's numeric id; absent on a document created offline that has not reached the server. */
  id?: number;
  revision?: number;
  updatedAt?: string;
  /** A tombstone: the row was deleted or left the viewer's scope. */
  _deleted?: boolean;
  /** Set on the local copy while an outbox row changed it and the server has not confirmed. */
  _pending?: boolean;
  [field: string]: unknown;
}

export interface PullAnswer {
  documents: ReplicaDocument[];
  checkpoint: Checkpoint;
  /** The server restarted from zero (scope changed): drop local documents that are not pending. */
  reset: boolean;
  hasMore: boolean;
}

/** The answer of every replicated mutation: the spec's {success, reason} plus a conflict. */
export interface PushAnswer {
  success: boolean;
  /** A reason code (an i18n key such as `messages.errors.notFound`, or a catalogue code). */
  reason: string | null;
  /** Values for the reason's text (`{{max}}`, ...). */
  params?: Record<string, unknown> | null;
  /** The document's revision after an accepted write (later queued rows of it rebase onto it). */
  revision?: number | null;
  /** With reason 'conflict': the server's version and the fields changed on both sides. */
  conflict?: { serverDocument: ReplicaDocument | null; fields?: string[] } | null;
}

export const CONFLICT_REASON = 'conflict';


/** Error codes of the spec's catalogue (01 §8) that stop syncing until the shell acts. */
export const BLOCKING_ERROR_CODES = [
  'token_expired',
  'access_denied',
  'no_current_user',
  'mfa_validation_required',
  'mfa_setup_required',
  'imitation_forbidden',
  'sa_imitation_forbidden',
  'maintenance_mode_enabled',
  /** The session now belongs to someone else (another tab signed in or started impersonating). */
  'identity_changed',
] as const;
export type BlockingErrorCode = (typeof BLOCKING_ERROR_CODES)[number];

export function isBlockingErrorCode(code: unknown): code is BlockingErrorCode {
  return typeof code === 'string' && (BLOCKING_ERROR_CODES as readonly string[]).includes(code);
}
