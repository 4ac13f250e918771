/**
 * How a stored value is sealed (issue 36): the fields that may stay clear (clear-fields.ts) stay on the
 * record, everything else goes into one AES-256-GCM sealed field, `$sealed` (a random 96-bit IV, the
 * additional data binding it to its table and primary key, so a sealed value moved to another row or table
 * does not open). Synchronous: it runs inside IndexedDB transactions
 * (aes-gcm.ts says why). The sealed plaintext is JSON, with the record's top-level binary fields (a queued
 * file's bytes) appended raw after it rather than as JSON text.
 */
import { syncAesGcm, IV_BYTES, SealOpenError, type SyncAesGcm } from './aes-gcm';

export { SealOpenError };

/** The sealed field of a stored record. */
export const SEALED_FIELD = '$sealed';

/** A read or write of an identity's database without its data key (locked, signed out, never unlocked here). */
export class ReplicaLockedError extends Error {
  override readonly name = 'ReplicaLockedError';
  constructor(readonly identity: string) {
    super(`the data of ${identity} is locked on this device`);
  }
}

/** A Blob handed to the sealing layer that it did not make (sealableBlob): its bytes cannot be read synchronously. */
export class UnsealableBlobError extends Error {
  override readonly name = 'UnsealableBlobError';
}

/** The bytes of the Blobs this context made from bytes it holds (sealableBlob), for sealing them again synchronously. */
const blobBytes = new WeakMap<Blob, Uint8Array>();

/**
 * A Blob whose bytes the sealing layer can seal inside a transaction: a write site reads a file's bytes
 * before its transaction (`await blob.arrayBuffer()`) and stores this Blob. Files read back are such Blobs too.
 */
export function sealableBlob(bytes: Uint8Array, type: string): Blob {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  blobBytes.set(blob, bytes);
  return blob;
}

/** A Blob's bytes where a worker can read them synchronously (FileReaderSync); null elsewhere. */
function readSync(blob: Blob): Uint8Array | null {
  const Reader = (globalThis as { FileReaderSync?: new () => { readAsArrayBuffer(blob: Blob): ArrayBuffer } }).FileReaderSync;
  return Reader ? new Uint8Array(new Reader().readAsArrayBuffer(blob)) : null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Plaintext formats (the first byte). */
const PLAIN_JSON = 1;
const JSON_AND_BYTES = 2;

type BinaryKind = 'blob' | 'u8' | 'ab';
/** field, kind, the Blob's type, byte length */
type BinaryPart = [string, BinaryKind, string, number];

function binaryOf(value: unknown): { kind: BinaryKind; bytes: Uint8Array; type: string } | null {
  if (value instanceof Uint8Array) return { kind: 'u8', bytes: value, type: '' };
  if (value instanceof ArrayBuffer) return { kind: 'ab', bytes: new Uint8Array(value), type: '' };
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const bytes = blobBytes.get(value) ?? readSync(value);
    if (!bytes) throw new UnsealableBlobError('a Blob is sealed only when made by sealableBlob (its bytes read before the transaction)');
    return { kind: 'blob', bytes, type: value.type };
  }
  return null;
}

function encodePlain(rest: Record<string, unknown>): Uint8Array {
  let parts: BinaryPart[] | null = null;
  let chunks: Uint8Array[] | null = null;
  let json: Record<string, unknown> = rest;
  for (const field of Object.keys(rest)) {
    const bin = binaryOf(rest[field]);
    if (!bin) continue;
    if (!parts || !chunks) {
      parts = [];
      chunks = [];
      json = { ...rest };
    }
    delete json[field];
    parts.push([field, bin.kind, bin.type, bin.bytes.byteLength]);
    chunks.push(bin.bytes);
  }
  if (!parts || !chunks) {
    const text = encoder.encode(JSON.stringify(rest));
    const out = new Uint8Array(text.length + 1);
    out[0] = PLAIN_JSON;
    out.set(text, 1);
    return out;
  }
  const head = encoder.encode(JSON.stringify({ v: json, b: parts }));
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(5 + head.length + size);
  out[0] = JSON_AND_BYTES;
  new DataView(out.buffer).setUint32(1, head.length);
  out.set(head, 5);
  let at = 5 + head.length;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function decodePlain(plain: Uint8Array): Record<string, unknown> {
  if (plain[0] === PLAIN_JSON) return JSON.parse(decoder.decode(plain.subarray(1))) as Record<string, unknown>;
  if (plain[0] !== JSON_AND_BYTES) throw new SealOpenError('unknown sealed format');
  const headLength = new DataView(plain.buffer, plain.byteOffset, plain.byteLength).getUint32(1);
  const head = JSON.parse(decoder.decode(plain.subarray(5, 5 + headLength))) as { v: Record<string, unknown>; b: BinaryPart[] };
  let at = 5 + headLength;
  for (const [field, kind, type, length] of head.b) {
    const bytes = plain.slice(at, at + length);
    at += length;
    head.v[field] = kind === 'blob' ? sealableBlob(bytes, type) : kind === 'ab' ? bytes.buffer : bytes;
  }
  return head.v;
}

/** The additional data: the table and the primary key (the first clear field), so a sealed value opens only in its own row. */
function additionalData(table: string, primaryKey: unknown): Uint8Array {
  return encoder.encode(`${table}\u0000${JSON.stringify(primaryKey ?? null)}`);
}

export interface SealedRecord {
  [field: string]: unknown;
  [SEALED_FIELD]: Uint8Array;
}

/** One key's sealing: made once per data key and reused (the AES key schedule and GHASH table are per key). */
export interface Sealer {
  seal(table: string, clearFields: readonly string[], value: Record<string, unknown>, iv: Uint8Array): SealedRecord;
  open(table: string, clearFields: readonly string[], record: Record<string, unknown>): Record<string, unknown>;
}

export function isSealed(record: unknown): record is SealedRecord {
  return typeof record === 'object' && record !== null && (record as Record<string, unknown>)[SEALED_FIELD] instanceof Uint8Array;
}

export function makeSealer(key: Uint8Array): Sealer {
  const aes: SyncAesGcm = syncAesGcm(key);
  return {
    seal(table, clearFields, value, iv) {
      const stored: Record<string, unknown> = {};
      const rest: Record<string, unknown> = { ...value };
      for (const field of clearFields) {
        const v = value[field];
        if (v !== undefined) stored[field] = v;
        delete rest[field];
      }
      stored[SEALED_FIELD] = aes.seal(iv, additionalData(table, value[clearFields[0]!]), encodePlain(rest));
      return stored as SealedRecord;
    },
    open(table, clearFields, record) {
      const sealed = record[SEALED_FIELD];
      if (!(sealed instanceof Uint8Array)) throw new SealOpenError(`a record of ${table} is not sealed`);
      const value = decodePlain(aes.open(sealed, additionalData(table, record[clearFields[0]!])));
      for (const field of clearFields) if (record[field] !== undefined) value[field] = record[field];
      return value;
    },
  };
}

/** Fresh random IVs, n at a time (getRandomValues fills at most 65,536 bytes per call). */
export function randomIvs(n: number): Uint8Array[] {
  const ivs: Uint8Array[] = [];
  const perCall = Math.floor(65536 / IV_BYTES);
  for (let done = 0; done < n; done += perCall) {
    const count = Math.min(perCall, n - done);
    const bytes = crypto.getRandomValues(new Uint8Array(count * IV_BYTES));
    for (let i = 0; i < count; i++) ivs.push(bytes.subarray(i * IV_BYTES, (i + 1) * IV_BYTES));
  }
  return ivs;
}
