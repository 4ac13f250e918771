/**
 * How the server answers a pushed row that did not succeed (docs/decisions-sync.md, "Server: failure
 * classes, per-plan batches, healing LISTEN, server clock"). Shared by the server (server/sync/writes.ts)
 * and the client's outbox, which decides per class what happens to the row:
 *
 *   - refused:   `{success: false, reason}` with a reason of the write (an i18n key, `not_found`,
 *                `conflict`, ...): final; the row is rolled back and listed in /wijzigingen.
 *   - error:     `{success: false, reason: <one of PUSH_ERROR_CODES>}`: the write threw something that
 *                is not known to pass (a bug, a constraint the write did not check). Nothing of it stayed
 *                and no answer was stored for its client mutation id, so sending it again (same id) runs
 *                it again. The client retries a few times with backoff, then marks the row failed with
 *                the reason; later rows of the same document wait behind it, other documents go on.
 *   - transient: no answer for the field (null, with a GraphQL error), or `not_attempted`: deadlock
 *                (40P01), serialization failure (40001), lock or statement timeout, a lost connection,
 *                a server shutting down. The client sends it again with backoff, without a cap.
 *   - too large: the request body is over the server's limit: HTTP 413 with the code
 *                PAYLOAD_TOO_LARGE (also as `errors[0].extensions.code`). Never a refusal: the row was
 *                not read; the client keeps it and says why (or refuses it before queueing).
 */

/** A row whose write threw a non-transient error: retry a few times (same id), then fail with this reason. */
export const INTERNAL_ERROR = 'internal_error';

/** Reasons of the class `error` (retried a few times by the client, never stored as the id's answer). */
export const PUSH_ERROR_CODES = [INTERNAL_ERROR] as const;
export type PushErrorCode = (typeof PUSH_ERROR_CODES)[number];

export function isPushErrorCode(reason: unknown): reason is PushErrorCode {
  return typeof reason === 'string' && (PUSH_ERROR_CODES as readonly string[]).includes(reason);
}

/** The code of a 413 answer (request body over the server's limit); also `errors[0].extensions.code`. */
export const PAYLOAD_TOO_LARGE = 'payload_too_large';

/** The server's limit on a request body (server/http/security.ts): a single row larger than this cannot be sent. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * An edit (or delete) of a document that was deleted on the server: refused with this reason instead
 * of being accepted on a row nobody sees any more.
 */
export const DOCUMENT_DELETED = 'document_deleted';

/**
 * SQLSTATE codes of failures that pass on their own (the same statement succeeds when sent again):
 * serialization failure, deadlock, lock timeout, statement timeout/cancel, idle-in-transaction
 * timeout, connection exceptions (class 08), a server shutting down or starting (57P01-57P03),
 * too many connections, out of memory or disk on the database server (class 53).
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03', '57014', '25P03', '57P01', '57P02', '57P03', '58000', '58030']);
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53'];
/** Node and driver errors of a lost or refused connection. */
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const TRANSIENT_MESSAGES = [
  /connection terminated/i,
  /connection (was )?(lost|closed|ended)/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /pglite is closed/i,
  /terminating connection/i,
];

/** Whether a thrown error is transient (see the top of this file); anything else is an error with a code. */
export function isTransientFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && TRANSIENT_MESSAGES.some((m) => m.test(message));
}
