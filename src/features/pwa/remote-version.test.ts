// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_VERSION_STORAGE_KEY } from '../../domain/pwa/remote-version';
import { remoteVersionIsNewer } from './remote-version';

const answer = (version: string) =>
  new Response(JSON.stringify({ parameters: { [location.hostname.replace(/[.-]/g, '_')]: version } }), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('remoteVersionIsNewer (browser glue)', () => {
  it('asks /api/remote-config once, remembers it in localStorage, and a second start within the hour does not ask', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(answer('999.0.0')));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await remoteVersionIsNewer('1.0.0')).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]).toEqual(['/api/remote-config', expect.objectContaining({ cache: 'no-store' })]);
    expect(JSON.parse(localStorage.getItem(REMOTE_VERSION_STORAGE_KEY) ?? 'null')).toMatchObject({ latest: '999.0.0' });
    expect(await remoteVersionIsNewer('1.0.0')).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('offline it asks nothing; an error page or a refused request gives no prompt and no error', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('<html>down</html>', { status: 502, headers: { 'content-type': 'text/html' } })));
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await remoteVersionIsNewer('1.0.0')).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await expect(remoteVersionIsNewer('1.0.0')).resolves.toBe(false);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
