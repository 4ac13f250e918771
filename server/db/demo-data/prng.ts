/**
 * Deterministic pseudo-random numbers for demo and bulk data (mulberry32), so every run seeds the same
 * names, relations and uuids.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** count distinct items (or all when count >= length), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy.slice(0, Math.min(count, copy.length));
  }

  /** A version-4 shaped uuid drawn from this generator. */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(Math.floor(this.next() * 256));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

/** Whether a nine-digit number passes the BSN eleven test (9*d1 + 8*d2 + ... + 2*d8 - d9 ≡ 0 mod 11). */
export function isValidBsn(bsn: string): boolean {
  if (!/^\d{9}$/.test(bsn)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(bsn[i]) * (9 - i);
  sum -= Number(bsn[8]);
  return sum % 11 === 0;
}

/** A BSN-like number that passes the eleven test. */
export function randomBsn(rng: Prng): string {
  for (;;) {
    const digits = [rng.int(1, 9)];
    for (let i = 1; i < 8; i++) digits.push(rng.int(0, 9));
    let sum = 0;
    digits.forEach((d, i) => (sum += d * (9 - i)));
    const check = sum % 11;
    if (check === 10) continue;
    return [...digits, check].join('');
  }
}

const POSTCODE_LETTERS = 'ABCDEGHJKLMNPRSTVWXZ';
const FORBIDDEN_SUFFIXES = new Set(['SA', 'SD', 'SS']);

/** A Dutch postcode ("1234 AB") with its four digits in [from, to]. */
export function randomPostcode(rng: Prng, from: number, to: number): string {
  for (;;) {
    const letters = `${rng.pick([...POSTCODE_LETTERS])}${rng.pick([...POSTCODE_LETTERS])}`;
    if (FORBIDDEN_SUFFIXES.has(letters)) continue;
    return `${rng.int(from, to)} ${letters}`;
  }
}

/** yyyy-MM-dd of today (UTC) plus offset days. */
export function isoDate(offsetDays: number, from: Date = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/** An ISO timestamp offset days (may be fractional) from now. */
export function isoTime(offsetDays: number, from: Date = new Date()): string {
  return new Date(from.getTime() + offsetDays * 86_400_000).toISOString();
}
