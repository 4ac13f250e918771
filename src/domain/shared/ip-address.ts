/**
 * Which addresses the server may connect to (issue 38): one classification of IP literals for the server's
 * outbound guard (server/security/outbound.ts: every address a name resolves to) and for forms that take an
 * address (an SSO issuer is refused when it names an internal address). Pure TypeScript, no node:net, so the
 * browser checks the same.
 *
 * Not public: IPv4 this-network, private, CGNAT, loopback, link-local, IETF protocol assignments, documentation,
 * 6to4 relay, benchmarking, multicast, reserved, broadcast; IPv6 unspecified, loopback, IPv4-compatible (::/96,
 * deprecated), IPv4-translated, local-use NAT64, discard, IETF protocol assignments (Teredo, ORCHID,
 * benchmarking), documentation, unique-local, site-local, link-local, multicast. IPv6 forms that carry an IPv4
 * address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address they carry.
 */

type Range = readonly [prefix: readonly number[], bits: number];

const V4_BLOCKED: readonly Range[] = [
  [[0, 0, 0, 0], 8], [[10, 0, 0, 0], 8], [[100, 64, 0, 0], 10], [[127, 0, 0, 0], 8], [[169, 254, 0, 0], 16], [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], [[192, 0, 2, 0], 24], [[192, 88, 99, 0], 24], [[192, 168, 0, 0], 16], [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24], [[203, 0, 113, 0], 24], [[224, 0, 0, 0], 4], [[240, 0, 0, 0], 4],
];

/** IPv6 ranges as 16 bytes. */
const v6 = (groups: number[]): number[] => groups.flatMap((g) => [g >> 8, g & 0xff]);
const V6_BLOCKED: readonly Range[] = [
  [v6([0, 0, 0, 0, 0, 0, 0, 0]), 96], // ::/128, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  [v6([0, 0, 0, 0, 0xffff, 0, 0, 0]), 96], // IPv4-translated ::ffff:0:a.b.c.d
  [v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0]), 48], // local-use NAT64
  [v6([0x100, 0, 0, 0, 0, 0, 0, 0]), 64], // discard
  [v6([0x2001, 0, 0, 0, 0, 0, 0, 0]), 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  [v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]), 32], // documentation
  [v6([0x3fff, 0, 0, 0, 0, 0, 0, 0]), 20], // documentation (RFC 9637)
  [v6([0xfc00, 0, 0, 0, 0, 0, 0, 0]), 7], // unique-local
  [v6([0xfe80, 0, 0, 0, 0, 0, 0, 0]), 10], // link-local
  [v6([0xfec0, 0, 0, 0, 0, 0, 0, 0]), 10], // site-local (deprecated)
  [v6([0xff00, 0, 0, 0, 0, 0, 0, 0]), 8], // multicast
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i / 8] ?? 0) & mask) !== ((prefix[i / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function parseV4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseV6(text: string): number[] | null {
  let body = text.toLowerCase();
  const zone = body.indexOf('%');
  if (zone >= 0) body = body.slice(0, zone);
  let tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    const v4 = parseV4(body.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  const bytes = all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The bytes of an IP literal (IPv6 with or without brackets), or null when the text is not one. */
export function parseIpLiteral(host: string): { family: 4 | 6; bytes: number[] } | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const four = parseV4(bare);
  if (four) return { family: 4, bytes: four };
  if (!bare.includes(':')) return null;
  const six = parseV6(bare);
  return six ? { family: 6, bytes: six } : null;
}

const v4Public = (bytes: readonly number[]): boolean => !V4_BLOCKED.some((r) => inRange(bytes, r));

/** A public unicast address: anything else (or a text that is no address) is false. */
export function isPublicIp(address: string): boolean {
  const ip = parseIpLiteral(address);
  if (!ip) return false;
  if (ip.family === 4) return v4Public(ip.bytes);
  const b = ip.bytes;
  // Forms that carry an IPv4 address are judged by it.
  if (inRange(b, [v6([0, 0, 0, 0, 0, 0xffff, 0, 0]), 96])) return v4Public(b.slice(12));
  if (inRange(b, [v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0]), 96])) return v4Public(b.slice(12));
  if (inRange(b, [v6([0x2002, 0, 0, 0, 0, 0, 0, 0]), 16])) return v4Public(b.slice(2, 6));
  return !V6_BLOCKED.some((r) => inRange(b, r));
}

/** Names that only mean something inside a network (localhost, mDNS .local, .internal, .home.arpa, .localhost). */
export function isInternalHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  // the name itself or any name under it
  return ['.localhost', '.local', '.internal', '.home.arpa', '.lan'].some((s) => h.endsWith(s) || h === s.slice(1));
}

/** Whether a host (a URL's hostname) names an internal place: a non-public IP literal or an internal name. */
export function hostIsInternal(host: string): boolean {
  return parseIpLiteral(host) ? !isPublicIp(host) : isInternalHostName(host);
}

/** The loopback spellings a development installation may allow for plain-http test services. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '127.0.0.1' || h === '[::1]' || h === '::1';
}
