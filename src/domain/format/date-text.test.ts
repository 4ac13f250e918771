import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateFieldValue, dateTextToIso, isoToDateText, maskDateText, monthGrid, weekdayOf } from './date-text';

describe('the dd-mm-jjjj mask', () => {
  it('puts the dashes in as digits are typed', () => {
    expect(maskDateText('2')).toBe('2');
    expect(maskDateText('26')).toBe('26');
    expect(maskDateText('261')).toBe('26-1');
    expect(maskDateText('26112026')).toBe('26-11-2026');
    expect(maskDateText('26-11-20267')).toBe('26-11-2026');
    expect(maskDateText('26-')).toBe('26-');
    expect(maskDateText('26-11-')).toBe('26-11-');
    expect(maskDateText('ab26x11')).toBe('26-11');
  });

  it('pads a one-digit day or month followed by a separator, and takes / and . as separators', () => {
    expect(maskDateText('1-')).toBe('01-');
    expect(maskDateText('1-2-2026')).toBe('01-02-2026');
    expect(maskDateText('5/3/2026')).toBe('05-03-2026');
    expect(maskDateText('05.03.2026')).toBe('05-03-2026');
  });

  it('gives ISO only for real dates; the form keeps other text so its schema refuses it', () => {
    expect(dateTextToIso('29-02-2028')).toBe('2028-02-29');
    expect(dateTextToIso('29-02-2026')).toBeNull();
    expect(dateTextToIso('31-04-2026')).toBeNull();
    expect(dateTextToIso('12-03')).toBeNull();
    expect(dateFieldValue('')).toBe('');
    expect(dateFieldValue('26-11-2026')).toBe('2026-11-26');
    expect(dateFieldValue('26-11')).toBe('26-11');
    expect(isoToDateText('2026-11-26')).toBe('26-11-2026');
    expect(isoToDateText('2026-11-26T10:00:00Z')).toBe('26-11-2026');
    expect(isoToDateText('')).toBe('');
  });
});

describe('calendar arithmetic', () => {
  it('moves by days and months over month, year and leap-day ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', -7)).toBe('2026-03-22');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-03-31', -1)).toBe('2028-02-29');
    expect(addMonths('2026-11-26', -12)).toBe('2025-11-26');
  });

  it('lays a month out in weeks that start on Monday', () => {
    const weeks = monthGrid('2026-11-26'); // 1 November 2026 is a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weekdayOf('2026-11-30')).toBe(0);
  });
});
