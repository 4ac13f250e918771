/**
 * Tells the other tabs of this browser who is signed in. All tabs share one session cookie, so when
 * one tab signs in as someone else, starts or ends impersonating, or signs out, the others must stop
 * syncing as the person they started with: their worker would otherwise send that person's queued
 * writes with the new cookie (the server refuses those anyway: identity_changed) and fill their
 * replica with someone else's data.
 */
export type IdentityMessage =
  /** This tab now syncs as `identity` (sign-in, impersonation started or ended). */
  | { type: 'identity'; identity: string }
  /** This tab signed out the session of `root` and deletes `replicas`. */
  | { type: 'signed-out'; root: string; replicas: string[] };

const CHANNEL = 'werkpad-identity';

let channel: BroadcastChannel | null = null;

function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function announce(message: IdentityMessage): void {
  open()?.postMessage(message);
}

export function onIdentityMessage(listener: (message: IdentityMessage) => void): () => void {
  const ch = open();
  if (!ch) return () => undefined;
  const handler = (event: MessageEvent<IdentityMessage>) => listener(event.data);
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}
