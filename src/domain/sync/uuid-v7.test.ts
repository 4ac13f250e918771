import { describe, expect, it } from 'vitest';
import { createUuidV7, UUID_PATTERN, uuidv7, uuidv7Time } from './uuid-v7';

describe('uuidv7', () => {
  it('has version 7 and the RFC variant', () => {
    const id = uuidv7();
    expect(id).toMatch(UUID_PATTERN);
    expect(id[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });
  it('carries its millisecond time', () => {
    expect(uuidv7Time(createUuidV7()(1_700_000_000_123))).toBe(1_700_000_000_123);
  });
  it('sorts in creation order, also within one millisecond and when the clock steps back', () => {
    const next = createUuidV7();
    const ids = [next(5_000), next(5_000), next(5_000), next(4_000), next(6_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
