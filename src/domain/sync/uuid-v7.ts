/**
 * UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Sorts by creation
 * time, which keeps outbox rows and client-created documents in the order the user made them.
 * Monotonic within one generator: in the same millisecond (or when the clock steps back) the random
 * tail is bumped, so ids still sort in creation order.
 */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

const defaultFill: RandomFill = (bytes) => {
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
};

function bumpTail(tail: Uint8Array<ArrayBuffer>): boolean {
  for (let i = tail.length - 1; i >= 0; i--) {
    const v = (tail[i] ?? 0) + 1;
    tail[i] = v & 0xff;
    if (v <= 0xff) return true;
  }
  return false;
}

/** A generator with its own monotonic state (tests make their own; the app uses `uuidv7`). */
export function createUuidV7(fill: RandomFill = defaultFill): (now?: number) => string {
  let lastMs = -1;
  let lastTail: Uint8Array<ArrayBuffer> | null = null;
  return (now: number = Date.now()) => {
    const bytes = new Uint8Array(16);
    let tail: Uint8Array<ArrayBuffer>;
    if (now <= lastMs && lastTail && bumpTail(lastTail)) {
      now = lastMs;
      tail = lastTail;
    } else {
      tail = fill(new Uint8Array(10));
      tail[0] = (tail[0] ?? 0) & 0x0f; // leave room to bump within the millisecond
    }
    lastMs = now;
    lastTail = tail;
    let ms = now;
    for (let i = 5; i >= 0; i--) {
      bytes[i] = ms % 256;
      ms = Math.floor(ms / 256);
    }
    bytes.set(tail, 6);
    bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
    bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

export const uuidv7: (now?: number) => string = createUuidV7();

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The millisecond timestamp inside a v7 id. */
export function uuidv7Time(id: string): number {
  return parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
