import { describe, expect, it } from 'vitest';
import { rememberArchived, unconfirmedArchives } from './archive-memory';

describe('archive memory', () => {
  it('keeps archived uuids until the replica confirms, a refusal, or a minute', () => {
    rememberArchived(['a', 'b', 'c', 'd'], 1_000);
    expect(unconfirmedArchives((u) => u === 'a', new Set(['b']), 2_000)).toEqual(['c', 'd']);
    expect(unconfirmedArchives(() => false, new Set(), 30_000)).toEqual(['c', 'd']);
    expect(unconfirmedArchives(() => false, new Set(), 62_000)).toEqual([]);
  });
});
