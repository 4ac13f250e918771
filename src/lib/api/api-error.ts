/** A failed API call: the wire code (01 §8 or the OAuth codes), its hint, the server's message and HTTP status. */
export class ApiError extends Error {
  readonly code: string | null;
  readonly hint: string | null;
  readonly status: number;
  /** i18n key the server sent with the message (REST), when any. */
  readonly messageKey: string | null;

  constructor(init: { code: string | null; message: string; status: number; hint?: string | null; messageKey?: string | null }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.hint = init.hint ?? null;
    this.status = init.status;
    this.messageKey = init.messageKey ?? null;
  }
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
