/**
 * The remote-config version check (01 §7, §9): the client reads the latest app version at most once an
 * hour, remembers when it last asked (across reloads) and what it heard, and offers the update prompt when
 * that version is newer than the one running. Offline it does not ask and shows nothing.
 * Shared by the client (the check) and the server (the key of `GET /api/remote-config`).
 */

/** 01 §9: remote config minimum fetch interval, one hour. */
export const REMOTE_CONFIG_INTERVAL_MS = 60 * 60 * 1000;

/** Where the last check is remembered on this device (localStorage). */
export const REMOTE_VERSION_STORAGE_KEY = 'werkpad.remoteVersion';

/** 01 §7: the latest version is keyed by the host name with dots and dashes turned to underscores. */
export function remoteVersionKey(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/[.-]/g, '_');
}

const VERSION = /^v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** `1.2.3`, `v1.2`, `1.2.3-rc.1` (build metadata after `+` is ignored); anything else is null. */
export function parseVersion(text: string): { parts: [number, number, number]; pre: string | null } | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  return { parts: [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)], pre: m[4] ?? null };
}

/**
 * Negative when a is older than b, 0 when equal, positive when newer; null when either is not a version.
 * A pre-release is older than its release (`1.2.0-rc.1` < `1.2.0`); two pre-releases compare by their
 * dot-separated identifiers (numbers as numbers, numbers before words).
 */
export function compareVersions(a: string, b: string): number | null {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return null;
  for (let i = 0; i < 3; i += 1) {
    const d = x.parts[i]! - y.parts[i]!;
    if (d !== 0) return Math.sign(d);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === null) return 1;
  if (y.pre === null) return -1;
  const xs = x.pre.split('.');
  const ys = y.pre.split('.');
  for (let i = 0; i < Math.max(xs.length, ys.length); i += 1) {
    const p = xs[i];
    const q = ys[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn) {
      const d = Number(p) - Number(q);
      if (d !== 0) return Math.sign(d);
    } else if (pn !== qn) {
      return pn ? -1 : 1;
    } else if (p !== q) {
      return p < q ? -1 : 1;
    }
  }
  return 0;
}

/** True only when `latest` is a version and newer than `running` (an unreadable answer never prompts). */
export function isNewerVersion(latest: string | null | undefined, running: string): boolean {
  if (!latest) return false;
  const d = compareVersions(latest, running);
  return d !== null && d > 0;
}

export interface RemoteVersionMemory {
  /** When this device last asked (ms since the epoch). */
  checkedAt: number;
  /** What it heard (null: the answer held no version for this host). */
  latest: string | null;
}

export function readRemoteVersionMemory(raw: string | null): RemoteVersionMemory | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<RemoteVersionMemory>;
    if (typeof v.checkedAt !== 'number' || !Number.isFinite(v.checkedAt)) return null;
    return { checkedAt: v.checkedAt, latest: typeof v.latest === 'string' ? v.latest : null };
  } catch {
    return null;
  }
}

/**
 * Whether it is time to ask again: never asked, an hour or more ago, or a last check "in the future"
 * (the device clock was set back: otherwise it would not ask for as long as the clock was off).
 */
export function remoteCheckDue(memory: RemoteVersionMemory | null, now: number): boolean {
  if (!memory) return true;
  if (memory.checkedAt > now) return true;
  return now - memory.checkedAt >= REMOTE_CONFIG_INTERVAL_MS;
}

/** The version the remote-config answer holds for this host, or null. */
export function latestVersionFrom(answer: unknown, hostname: string): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const parameters = (answer as { parameters?: unknown }).parameters;
  if (!parameters || typeof parameters !== 'object') return null;
  const value = (parameters as Record<string, unknown>)[remoteVersionKey(hostname)];
  return typeof value === 'string' && parseVersion(value) ? value : null;
}

export interface RemoteVersionDeps {
  running: string;
  hostname: string;
  now: () => number;
  online: () => boolean;
  load: () => string | null;
  save: (raw: string) => void;
  /** Asks the server; resolves with the parsed JSON answer, rejects on any failure. */
  fetchConfig: () => Promise<unknown>;
}

export type RemoteVersionOutcome =
  | { asked: false; reason: 'offline' | 'recent'; newer: boolean }
  | { asked: true; ok: boolean; newer: boolean; latest: string | null };

/**
 * One check. Offline: nothing is asked or remembered. Asked within the hour: nothing is asked, and the
 * version heard then still counts (a reload does not hide a known update). Otherwise the time is remembered
 * before asking (so at most one request an hour, even when answers fail), then the answer. A failed request
 * keeps what was heard before and shows no error.
 */
export async function checkRemoteVersion(deps: RemoteVersionDeps): Promise<RemoteVersionOutcome> {
  const memory = readRemoteVersionMemory(deps.load());
  const known = isNewerVersion(memory?.latest, deps.running);
  if (!deps.online()) return { asked: false, reason: 'offline', newer: known };
  const now = deps.now();
  if (!remoteCheckDue(memory, now)) return { asked: false, reason: 'recent', newer: known };
  const previous = memory?.latest ?? null;
  deps.save(JSON.stringify({ checkedAt: now, latest: previous } satisfies RemoteVersionMemory));
  let answer: unknown;
  try {
    answer = await deps.fetchConfig();
  } catch {
    return { asked: true, ok: false, newer: known, latest: previous };
  }
  const latest = latestVersionFrom(answer, deps.hostname);
  deps.save(JSON.stringify({ checkedAt: now, latest } satisfies RemoteVersionMemory));
  return { asked: true, ok: true, newer: isNewerVersion(latest, deps.running), latest };
}
