/**
 * Checks of an outbox row AS SENT (issue 37, docs/decisions-sync.md, "Checks at send time"): its size
 * after base values and folding, and its write version. Shared by the worker's outbox (when a row is
 * queued or folded, and again when a batch is taken for sending) and the server (the version a
 * pushed row says it was made with).
 */

/** The reason of a row too large for one request (also what a 413 answer maps to): params `field`, `kb`. */
export const PAYLOAD_TOO_LARGE_REASON = 'payload_too_large';

/**
 * The reason of a row made with a write version this server no longer (or not yet) accepts: the app
 * must be updated before the row can go. The row stays on the device, nothing is written.
 */
export const UPGRADE_REQUIRED = 'upgrade_required';

/** The write versions the server takes for a write at `current`: the current one and the previous one (one release). */
export function acceptsWriteVersion(current: number, sent: number): boolean {
  return Number.isInteger(sent) && sent <= current && sent >= current - 1 && sent >= 1;
}

const utf8 = new TextEncoder();

/** UTF-8 bytes of a value as JSON (how it travels in the request body). */
export function jsonBytes(value: unknown): number {
  return utf8.encode(JSON.stringify(value) ?? '').length;
}

/**
 * What to shorten in a row that is too large: its largest top-level field, counted over the args and
 * the base values together (a field edited over a large value travels twice), and the size in kB.
 */
export function tooLargeParams(args: Record<string, unknown>, baseValues: Record<string, unknown> | null, bytes: number): { field: string; kb: number } {
  const sizes = new Map<string, number>();
  for (const source of [args, baseValues ?? {}]) {
    for (const [field, value] of Object.entries(source)) sizes.set(field, (sizes.get(field) ?? 0) + jsonBytes(value));
  }
  let field = '';
  let largest = -1;
  for (const [name, size] of sizes) {
    if (size > largest) {
      largest = size;
      field = name;
    }
  }
  return { field, kb: Math.ceil(bytes / 1024) };
}
