import { describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { parseSubscription } from '../messages/push';
import { isKnownPushEndpoint, isPublicAddress, publicLookup } from '../messages/push-endpoint';

/**
 * Issue 20, server-side request forgery through push: any https endpoint was accepted, loopback and
 * private addresses too, and the server connected to it when a message arrived.
 */
const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

describe('push endpoints', () => {
  it.each([
    'https://127.0.0.1/push', 'https://localhost/push', 'https://10.0.0.5/x', 'https://[::1]/x', 'https://169.254.169.254/latest/meta-data',
    'https://192.168.1.1/x', 'https://attacker.example.com/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com.attacker.example/x', 'https://evilfcm.googleapis.com.example/x',
  ])('refuses %s when subscribing', (endpoint) => {
    expect(parseSubscription({ endpoint, keys })).toBeNull();
    expect(isKnownPushEndpoint(endpoint)).toBe(false);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAA', 'https://web.push.apple.com/QAbc',
    'https://db5p.notify.windows.com/w/?token=abc',
  ])('accepts the push service %s', (endpoint) => {
    expect(parseSubscription({ endpoint, keys })).not.toBeNull();
  });

  it('knows public from inward addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['142.250.179.138', '2a00:1450:400e:80f::200a']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('at send time a known name that resolves inward is not connected to (DNS rebinding)', async () => {
    const inward = (_h: string, cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => cb(null, [{ address: '142.250.179.138', family: 4 }, { address: '127.0.0.1', family: 4 }]);
    const outward = (_h: string, cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => cb(null, [{ address: '142.250.179.138', family: 4 }]);
    const ask = (lookup: ReturnType<typeof publicLookup>, host: string) =>
      new Promise<{ err: unknown; address: unknown }>((resolve) => lookup(host, {}, (err: unknown, address: unknown) => resolve({ err, address })));
    const bad = await ask(publicLookup(inward), 'fcm.googleapis.com');
    expect((bad.err as { code?: string } | null)?.code).toBe('EPUSHADDR');
    const good = await ask(publicLookup(outward), 'fcm.googleapis.com');
    expect(good.err).toBeNull();
    expect(good.address).toBe('142.250.179.138');
    const stranger = await ask(publicLookup(outward), 'attacker.example.com');
    expect((stranger.err as { code?: string } | null)?.code).toBe('EPUSHHOST');
  });
});
