import { DEVICE_HEADER, deviceId } from '../device/device-id';
import { dataKeyFor, forgetDataKey, setDataKey } from './data-keys';
import { importWrappingKey, newDataKey, readKeyring, unwrapDataKey, wrapDataKey, fromBase64, type WrapKind } from './keyring';

/**
 * The page's way to the data key of a signed-in identity (issue 36): held already (unlocked with the password
 * or PIN, or earlier in this page), else opened with the device key share that the server hands to this
 * device's live session, else made new when the device has no wrap that could still open an old one.
 * docs/decisions-offline-unlock.md, "The key hierarchy".
 */
export type SessionKeyState =
  /** In memory now (held or just opened). */
  | 'open'
  /** Made new: nothing on the device could open the identity's earlier key (see `onNewDataKey`). */
  | 'new'
  /** Not reachable without the user: offline, the share refused, or a password/PIN/authenticator wrap that only they open. */
  | 'needs-user';

export const KEY_SHARE_PATH = '/api/device/key-share';

/**
 * The share of this device and the signed-in user, as an AES-GCM wrapping key; null offline or when refused.
 * Never with the impersonation header: the share is the real user's, and it also wraps the keys of the
 * identities they impersonate on this device. A request that did not reach a verdict (the network failed, the
 * server was busy or unavailable) is tried again a few times before it counts as none: a reload on a slow link
 * should not lock the screen of a live session.
 */
export async function fetchDeviceShare(fetchFn: typeof fetch = fetch, retryDelaysMs: readonly number[] = SHARE_RETRY_DELAYS_MS): Promise<CryptoKey | null> {
  for (let attempt = 0; ; attempt++) {
    const answer = await askDeviceShare(fetchFn);
    if (answer !== 'unreachable') return answer;
    const delay = retryDelaysMs[attempt];
    if (delay === undefined || (typeof navigator !== 'undefined' && navigator.onLine === false)) return null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Waits between tries of a share request that reached no verdict. */
const SHARE_RETRY_DELAYS_MS = [500, 1_500, 4_000] as const;

async function askDeviceShare(fetchFn: typeof fetch): Promise<CryptoKey | null | 'unreachable'> {
  let res: Response;
  try {
    res = await fetchFn(KEY_SHARE_PATH, { credentials: 'include', cache: 'no-store', headers: { accept: 'application/json', [DEVICE_HEADER]: deviceId() } });
  } catch {
    return 'unreachable';
  }
  if (res.status === 429 || res.status >= 500) return 'unreachable';
  if (!res.ok) return null;
  try {
    const body = (await res.json()) as { share?: unknown };
    if (typeof body.share !== 'string') return null;
    const raw = fromBase64(body.share);
    return raw.byteLength === 32 ? await importWrappingKey(raw) : null;
  } catch {
    return null;
  }
}

const newKeyListeners = new Set<(identity: string) => void>();

/**
 * Tells when an identity got a new data key while the device kept an earlier one it can no longer open (a lost
 * share and no secret wrap): what was sealed with the old key is unreadable, so the replica's documents are pulled
 * again and its unsent rows that do not open are reported (the sealing layer, src/lib/device-crypto/).
 */
export function onNewDataKey(listener: (identity: string) => void): () => void {
  newKeyListeners.add(listener);
  return () => newKeyListeners.delete(listener);
}

/** Wraps kinds that only the user can open (typing, or the authenticator). */
const USER_KINDS: readonly WrapKind[] = ['password', 'pin', 'webauthn'];

/** Identities given a new key while the device kept one it could not open, until the sync start takes the mark. */
const renewed = new Set<string>();

/** Starts a new data key for the identity (first sign-in on this device, or no way to open the old one). */
export function startNewDataKey(identity: string): void {
  const hadOne = readKeyring(identity) !== null;
  setDataKey(identity, newDataKey());
  if (!hadOne) return;
  renewed.add(identity);
  for (const listener of newKeyListeners) listener(identity);
}

/** Whether the identity got a new key in place of one that no longer opens (answered once: the mark goes). */
export function takeNewDataKeyMark(identity: string): boolean {
  return renewed.delete(identity);
}

/** Adds the device wrap of a held key (best effort: a later sign-in or reload tries again). */
async function wrapByShare(identity: string, share: CryptoKey): Promise<void> {
  if (dataKeyFor(identity)) await wrapDataKey(identity, 'device', share).catch(() => undefined);
}

export interface EnsureOptions {
  /** Another wrapping key to try before giving up (the old password wrap at an online sign-in). */
  extra?: { kind: WrapKind; key: CryptoKey } | null;
  /** May make a new key when nothing could open the old one (a live session of the identity's own user). */
  mayStartNew?: boolean;
  fetchFn?: typeof fetch;
}

async function ensure(identity: string, options: EnsureOptions): Promise<SessionKeyState> {
  const held = dataKeyFor(identity);
  const entry = readKeyring(identity);
  if (held && entry?.wraps.device) return 'open';
  const share = await fetchDeviceShare(options.fetchFn);
  if (dataKeyFor(identity)) {
    if (share && !readKeyring(identity)?.wraps.device) await wrapByShare(identity, share);
    return 'open';
  }
  if (share && entry?.wraps.device) {
    const raw = await unwrapDataKey(identity, 'device', share);
    if (raw) {
      setDataKey(identity, raw);
      raw.fill(0);
      return 'open';
    }
  }
  if (options.extra && entry?.wraps[options.extra.kind]) {
    const raw = await unwrapDataKey(identity, options.extra.kind, options.extra.key);
    if (raw) {
      setDataKey(identity, raw);
      raw.fill(0);
      if (share) await wrapByShare(identity, share);
      return 'open';
    }
  }
  if (!share || options.mayStartNew === false) return 'needs-user';
  // A wrap only the user opens stays worth asking for, unless the user just proved who they are and it still did
  // not open (a password reset by mail: the old password's wrap is of a password nobody types any more).
  const userCanOpen = entry !== null && USER_KINDS.some((kind) => entry.wraps[kind]) && !options.extra;
  if (userCanOpen) return 'needs-user';
  startNewDataKey(identity);
  await wrapByShare(identity, share);
  return 'new';
}

const inFlight = new Map<string, Promise<SessionKeyState>>();

/**
 * The identity's data key in this page: held, opened by the device share, or made new. Calls for the same identity
 * at the same time share one attempt.
 */
export function ensureSessionKey(identity: string, options: EnsureOptions = {}): Promise<SessionKeyState> {
  const running = inFlight.get(identity);
  if (running && !options.extra) return running;
  const attempt = (running ?? Promise.resolve('needs-user' as SessionKeyState))
    .catch(() => 'needs-user' as const)
    .then(() => ensure(identity, options))
    .finally(() => {
      if (inFlight.get(identity) === attempt) inFlight.delete(identity);
    });
  inFlight.set(identity, attempt);
  return attempt;
}

/**
 * Starts opening the identity's key with the device share when the device keeps a device wrap of it and the page
 * holds no key yet (a reload or restart online): the same attempt the sync start makes, only earlier, and shared
 * with it (ensureSessionKey). Nothing is started otherwise: a first start's new key is the sync start's to make.
 */
export function openWithDeviceShare(identity: string): void {
  if (dataKeyFor(identity) || !readKeyring(identity)?.wraps.device) return;
  void ensureSessionKey(identity).catch(() => undefined);
}

/** The sign-in or unlock under way in this page, which may yet hand a key (the start waits for it before locking). */
let pendingUnlocks: Promise<unknown>[] = [];

/** Registers an unlock under way; the returned function marks it done. */
export function unlockUnderWay(): () => void {
  let done: () => void = () => undefined;
  const pending = new Promise<void>((resolve) => (done = resolve));
  pendingUnlocks.push(pending);
  return () => {
    done();
    pendingUnlocks = pendingUnlocks.filter((p) => p !== pending);
  };
}

/** Resolves once no sign-in or unlock is under way. */
export async function unlocksSettled(): Promise<void> {
  while (pendingUnlocks.length > 0) await Promise.all(pendingUnlocks);
}

/** Lock and sign-out: the page forgets the key (the worker is told by the sync session). */
export function forgetSessionKey(identity: string): void {
  inFlight.delete(identity);
  forgetDataKey(identity);
}
