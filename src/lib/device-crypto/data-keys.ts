/**
 * The data keys of the identities unlocked in this context (page or worker), in memory only (issue 36).
 * One random 256-bit key per identity (the replica's name, src/domain/sync/replica-schema.ts `replicaName`)
 * seals everything the app keeps on the device for that identity. Set at sign-in or unlock, forgotten at lock
 * and sign-out. Never written anywhere: what is stored is the key wrapped by the password, PIN, authenticator
 * or the device's key share (src/lib/device-crypto/keyring.ts).
 */
const keys = new Map<string, Uint8Array>();
const listeners = new Set<(identity: string, present: boolean) => void>();

export function setDataKey(identity: string, raw: Uint8Array): void {
  if (raw.byteLength !== 32) throw new Error('data key must be 32 bytes');
  keys.set(identity, new Uint8Array(raw));
  for (const listener of listeners) listener(identity, true);
}

export function dataKeyFor(identity: string): Uint8Array | null {
  return keys.get(identity) ?? null;
}

export function forgetDataKey(identity: string): void {
  const key = keys.get(identity);
  if (!key) return;
  key.fill(0);
  keys.delete(identity);
  for (const listener of listeners) listener(identity, false);
}

export function forgetAllDataKeys(): void {
  for (const identity of [...keys.keys()]) forgetDataKey(identity);
}

/** Tells when a key arrives or goes (screens waiting for an unlock re-read the replica). */
export function onDataKeyChange(listener: (identity: string, present: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
