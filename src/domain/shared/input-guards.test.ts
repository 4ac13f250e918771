import { describe, expect, it } from 'vitest';
import { hasControlCharacter, isCalendarDate, ownValue } from './input-guards';

describe('input guards (issue 38)', () => {
  it('a calendar date exists and fits PostgreSQL', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const bad of ['abc', '2026-13-45', '2026-02-30', '2025-02-29', '0000-01-01', '20260101', '2026-1-1', ' 2026-01-01', '2026-01-01T00:00']) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it('control characters are found, ordinary text passes', () => {
    expect(hasControlCharacter('Bearer abc')).toBe(false);
    expect(hasControlCharacter('één – twee')).toBe(false);
    for (const bad of ['a\r\nX-Evil: 1', 'a\nb', 'a\u0000', 'tab\there', '\u007f', '\u0085']) expect(hasControlCharacter(bad), JSON.stringify(bad)).toBe(true);
  });

  it('a user-chosen key reads only own properties', () => {
    const sorts: Record<string, string> = { name: 't.name' };
    expect(ownValue(sorts, 'name')).toBe('t.name');
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) expect(ownValue(sorts, key), key).toBeUndefined();
  });
});
