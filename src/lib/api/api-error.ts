/** Values of a reason code's text (`{ minutes: 15 }`, `{ field: 'password' }`). */
export type ReasonParams = Readonly<Record<string, string | number>>;

/**
 * A failed API call: the wire code (01 §8 or the OAuth codes), its hint, HTTP status, and the server's
 * reason code (an i18n key: REST `messageKey`, graph `extensions.reason`) with its params. `message`
 * is for logs only: screens translate `messageKey` (src/lib/ui/reason-text.ts), never the message.
 */
export class ApiError extends Error {
  readonly code: string | null;
  readonly hint: string | null;
  readonly status: number;
  /** The reason code (an i18n key) the server sent, when any. */
  readonly messageKey: string | null;
  readonly params: ReasonParams | null;

  constructor(init: { code: string | null; message: string; status: number; hint?: string | null; messageKey?: string | null; params?: ReasonParams | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.hint = init.hint ?? null;
    this.status = init.status;
    this.messageKey = init.messageKey ?? null;
    this.params = init.params ?? null;
  }
}

/** The params object of an answer (string and number values only), or null. */
export function reasonParams(value: unknown): ReasonParams | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const out: Record<string, string | number> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string' || typeof item === 'number') out[key] = item;
  }
  return out;
}

/** The network failed (offline, server unreachable): no answer at all. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** 01 §8: an empty 200 answer resets and raises this message. */
export const UNEXPECTED_EMPTY_RESPONSE = 'Unexpected empty response';

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
