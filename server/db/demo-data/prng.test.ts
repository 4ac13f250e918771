import { describe, expect, it } from 'vitest';
import { Prng, isValidBsn, randomBsn, randomPostcode } from './prng';

describe('demo-data generators', () => {
  it.each([
    ['111222333', true],
    ['123456782', true],
    ['123456789', false],
    ['12345678', false],
    ['abcdefghi', false],
  ])('isValidBsn(%s) = %s', (bsn, valid) => {
    expect(isValidBsn(bsn)).toBe(valid);
  });

  it('draws BSNs that pass the eleven test and Dutch postcodes in range', () => {
    const rng = new Prng(42);
    for (let i = 0; i < 500; i++) {
      expect(isValidBsn(randomBsn(rng))).toBe(true);
      const pc = randomPostcode(rng, 3511, 3585);
      expect(pc).toMatch(/^\d{4} [A-Z]{2}$/);
      const n = Number(pc.slice(0, 4));
      expect(n >= 3511 && n <= 3585).toBe(true);
      expect(['SA', 'SD', 'SS']).not.toContain(pc.slice(5));
    }
  });

  it('is deterministic per seed and draws version-4 uuids', () => {
    const a = new Prng(7);
    const b = new Prng(7);
    const seqA = Array.from({ length: 5 }, () => a.uuid());
    expect(Array.from({ length: 5 }, () => b.uuid())).toEqual(seqA);
    expect(seqA[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
