import { describe, expect, it } from 'vitest';
import { hostIsInternal, isPublicIp, parseIpLiteral } from './ip-address';

describe('isPublicIp (issue 38, findings 4 and 7)', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '198.18.0.1', '198.19.255.255', '192.0.2.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.0.8', '192.88.99.1',
    '::', '::1', '[::1]', '::ffff:127.0.0.1', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '::ffff:10.0.0.1', '::127.0.0.1', '[::127.0.0.1]', '::7f00:1', '::8.8.8.8',
    '::ffff:0:127.0.0.1', '2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101::', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::1',
    '100::1', '2001::1', '2001:0:4136:e378::1', '2001:2::1', '2001:db8::1', '3fff::1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1',
    'example.org', '', 'not-an-ip', '1.2.3', '1.2.3.256', '1::2::3', '12345::',
  ])('%s is not public', (address) => {
    expect(isPublicIp(address)).toBe(false);
  });

  it.each([
    '8.8.8.8', '142.250.179.138', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '198.20.0.1', '2a00:1450:400e:80f::200a', '[2606:4700::1111]',
    '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2001:4860:4860::8888',
  ])('%s is public', (address) => {
    expect(isPublicIp(address)).toBe(true);
  });

  it('parses literals as the URL parser writes them', () => {
    expect(parseIpLiteral(new URL('https://[::ffff:127.0.0.1]/').hostname)).toEqual({ family: 6, bytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1] });
    // the URL parser turns odd IPv4 spellings into the dotted form first
    expect(hostIsInternal(new URL('https://0x7f.1/').hostname)).toBe(true);
    expect(hostIsInternal(new URL('https://2130706433/').hostname)).toBe(true);
    expect(hostIsInternal(new URL('https://[::127.0.0.1]/').hostname)).toBe(true);
    for (const host of ['localhost', 'idp.localhost', 'printer.local', 'keycloak.internal', 'router.home.arpa']) expect(hostIsInternal(host), host).toBe(true);
    for (const host of ['login.microsoftonline.com', 'idp.example.nl', '8.8.8.8']) expect(hostIsInternal(host), host).toBe(false);
  });
});
