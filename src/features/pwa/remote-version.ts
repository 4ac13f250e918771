import { REMOTE_VERSION_STORAGE_KEY, checkRemoteVersion } from '../../domain/pwa/remote-version';

/**
 * The remote-config version check in the browser (01 §7): asks `GET /api/remote-config` at most once an
 * hour (the time is kept in localStorage, so reloads do not ask again), never offline, and answers whether a
 * newer version than this build is out. Every failure is silent: the check only ever adds a prompt.
 */
export async function remoteVersionIsNewer(running: string = import.meta.env.VITE_APP_VERSION): Promise<boolean> {
  if (!running) return false;
  const outcome = await checkRemoteVersion({
    running,
    hostname: location.hostname,
    now: () => Date.now(),
    online: () => navigator.onLine,
    load: () => {
      try {
        return localStorage.getItem(REMOTE_VERSION_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    save: (raw) => {
      try {
        localStorage.setItem(REMOTE_VERSION_STORAGE_KEY, raw);
      } catch {
        // private mode: the check then runs at each start, still at most once an hour per page
      }
    },
    fetchConfig: async () => {
      const res = await fetch('/api/remote-config', { credentials: 'omit', cache: 'no-store', headers: { accept: 'application/json' } });
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) throw new Error(`remote-config ${res.status}`);
      return res.json() as Promise<unknown>;
    },
  });
  return outcome.newer;
}
