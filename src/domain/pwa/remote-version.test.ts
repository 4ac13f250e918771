import { describe, expect, it } from 'vitest';
import {
  REMOTE_CONFIG_INTERVAL_MS,
  checkRemoteVersion,
  compareVersions,
  isNewerVersion,
  latestVersionFrom,
  remoteCheckDue,
  remoteVersionKey,
  type RemoteVersionDeps,
} from './remote-version';

const HOUR = REMOTE_CONFIG_INTERVAL_MS;

/** A device: its storage survives "reloads" (new checks with the same store), its clock and connection are set by the test. */
function device(answer: () => Promise<unknown>, running = '1.2.0') {
  const state = { stored: null as string | null, now: 1_000_000_000_000, online: true, requests: 0 };
  const deps: RemoteVersionDeps = {
    running,
    hostname: 'werkpad.gemeente-a.nl',
    now: () => state.now,
    online: () => state.online,
    load: () => state.stored,
    save: (raw) => {
      state.stored = raw;
    },
    fetchConfig: () => {
      state.requests += 1;
      return answer();
    },
  };
  return { state, deps };
}

const config = (version: string) => ({ parameters: { werkpad_gemeente_a_nl: version } });

describe('remote-config version check', () => {
  it('keys the version by the host name with dots and dashes turned to underscores', () => {
    expect(remoteVersionKey('Werkpad.Gemeente-A.nl')).toBe('werkpad_gemeente_a_nl');
    expect(latestVersionFrom(config('2.0.0'), 'werkpad.gemeente-a.nl')).toBe('2.0.0');
    expect(latestVersionFrom(config('2.0.0'), 'other.example')).toBeNull();
    expect(latestVersionFrom({ parameters: { werkpad_gemeente_a_nl: 'nieuw' } }, 'werkpad.gemeente-a.nl')).toBeNull();
    expect(latestVersionFrom('<html>', 'werkpad.gemeente-a.nl')).toBeNull();
  });

  it('compares versions by number, a pre-release before its release, and never prompts on garbage', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('v2.0.0', '1.99.99')).toBe(1);
    expect(compareVersions('1.2.0-rc.1', '1.2.0')).toBe(-1);
    expect(compareVersions('1.2.0-rc.10', '1.2.0-rc.2')).toBe(1);
    expect(compareVersions('1.2.0+build.7', '1.2.0')).toBe(0);
    expect(compareVersions('abc', '1.0.0')).toBeNull();
    expect(isNewerVersion('1.2.1', '1.2.0')).toBe(true);
    expect(isNewerVersion('1.2.0', '1.2.0')).toBe(false);
    expect(isNewerVersion('1.1.9', '1.2.0')).toBe(false);
    expect(isNewerVersion(null, '1.2.0')).toBe(false);
    expect(isNewerVersion('latest', '1.2.0')).toBe(false);
  });

  it('asks at most once an hour, also across reloads, and a version heard within the hour still prompts', async () => {
    const { state, deps } = device(() => Promise.resolve(config('1.3.0')));
    expect(await checkRemoteVersion(deps)).toEqual({ asked: true, ok: true, newer: true, latest: '1.3.0' });
    state.now += HOUR - 1;
    // a reload within the hour: the same storage, no request, the prompt still offered
    expect(await checkRemoteVersion({ ...deps })).toEqual({ asked: false, reason: 'recent', newer: true });
    expect(state.requests).toBe(1);
    state.now += 1;
    await checkRemoteVersion(deps);
    expect(state.requests).toBe(2);
  });

  it('does not prompt when the server runs the same or an older version', async () => {
    const same = device(() => Promise.resolve(config('1.2.0')));
    expect((await checkRemoteVersion(same.deps)).newer).toBe(false);
    const older = device(() => Promise.resolve(config('1.1.0')));
    expect((await checkRemoteVersion(older.deps)).newer).toBe(false);
  });

  it('offline: asks nothing, remembers nothing, and asks as soon as it is online again', async () => {
    const { state, deps } = device(() => Promise.resolve(config('1.3.0')));
    state.online = false;
    expect(await checkRemoteVersion(deps)).toEqual({ asked: false, reason: 'offline', newer: false });
    expect(state.requests).toBe(0);
    expect(state.stored).toBeNull();
    state.online = true;
    expect((await checkRemoteVersion(deps)).newer).toBe(true);
    expect(state.requests).toBe(1);
  });

  it('a failed request shows nothing, keeps what was heard before, and still counts for the hour', async () => {
    let fail = false;
    const { state, deps } = device(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(config('1.3.0'))));
    await checkRemoteVersion(deps);
    fail = true;
    state.now += HOUR;
    expect(await checkRemoteVersion(deps)).toEqual({ asked: true, ok: false, newer: true, latest: '1.3.0' });
    state.now += 60_000;
    expect(await checkRemoteVersion(deps)).toMatchObject({ asked: false, reason: 'recent' });
    expect(state.requests).toBe(2);
  });

  it('a clock set back, or a damaged memory, asks again instead of waiting', () => {
    const now = 2_000_000;
    expect(remoteCheckDue(null, now)).toBe(true);
    expect(remoteCheckDue({ checkedAt: now - HOUR + 1, latest: null }, now)).toBe(false);
    expect(remoteCheckDue({ checkedAt: now + HOUR, latest: null }, now)).toBe(true);
  });
});
