import { describe, expect, it } from 'vitest';
import {
  amsterdamDay, daysBetween, formatDate, formatDateTime, formatHours, formatListMoment, formatMoney, formatNumber,
  formatPercent, formatRelativeDay, formatTime, languageOf,
} from './format';

describe('dates', () => {
  it('shows a calendar day as dd-mm-yyyy (en dd/mm/yyyy), whatever the device time zone', () => {
    expect(formatDate('2026-11-26')).toBe('26-11-2026');
    expect(formatDate('2026-01-05', 'en')).toBe('05/01/2026');
    expect(formatDate('2026-11-26T23:30:00Z')).toBe('27-11-2026'); // already the 27th in Amsterdam
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('shows date-times and times in Amsterdam across the DST changes', () => {
    // Summer time ends 25-10-2026 03:00 CEST → 02:00 CET.
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25-10-2026 02:30'); // CEST (+2)
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25-10-2026 02:30'); // CET (+1): the hour repeats
    expect(formatTime('2026-10-25T02:00:00Z')).toBe('03:00');
    // Summer time starts 29-03-2026 02:00 CET → 03:00 CEST.
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('01:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('03:00');
    expect(formatDateTime(Date.UTC(2026, 10, 26, 8, 38), 'en')).toBe('26/11/2026 09:38');
    expect(formatTime(Date.UTC(2026, 10, 26, 23, 5))).toBe('00:05');
  });

  it('counts calendar days in Amsterdam, also over a DST change', () => {
    expect(amsterdamDay('2026-03-28T23:30:00Z')).toBe('2026-03-29');
    expect(daysBetween('2026-03-30', '2026-03-28T12:00:00Z')).toBe(2);
    expect(daysBetween('2026-10-26T00:30:00+01:00', '2026-10-24T23:30:00+02:00')).toBe(2);
    const now = '2026-11-26T10:00:00Z';
    expect(formatRelativeDay('2026-11-26', 'nl', now)).toBe('vandaag');
    expect(formatRelativeDay('2026-11-25', 'nl', now)).toBe('gisteren');
    expect(formatRelativeDay('2026-11-29', 'nl', now)).toBe('over 3 dagen');
    expect(formatRelativeDay('2026-11-21', 'en', now)).toBe('5 days ago');
    expect(formatListMoment('2026-11-26T08:38:00Z', 'nl', now)).toBe('09:38');
    expect(formatListMoment('2026-11-25T08:38:00Z', 'nl', now)).toBe('25-11-2026');
  });
});

describe('numbers', () => {
  it('groups and rounds the Dutch or English way, negative numbers included', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(-0.5)).toBe('-0,5');
    expect(formatNumber(-1234.567, 'nl', 2, 2)).toBe('-1.234,57');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(undefined)).toBe('');
  });

  it('shows money in euros with two decimals', () => {
    expect(formatMoney(902.88)).toBe('€\u00a0902,88');
    expect(formatMoney(2376)).toBe('€\u00a02.376,00');
    expect(formatMoney(-12)).toBe('€\u00a0-12,00');
    expect(formatMoney(1234.5, 'en')).toBe('€1,234.50');
    expect(formatMoney(-12, 'en')).toBe('-€12.00');
  });

  it('shows hours and percentages', () => {
    expect(formatHours(24.47)).toBe('24,47 uur');
    expect(formatHours(1, 'en')).toBe('1 hour');
    expect(formatHours(0.5, 'en')).toBe('0.5 hours');
    expect(formatPercent(57.25)).toBe('57,25%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatPercent(-2.5)).toBe('-2,5%');
  });

  it('takes English for en-* and Dutch for anything else', () => {
    expect(languageOf('en-GB')).toBe('en');
    expect(languageOf('nl')).toBe('nl');
    expect(languageOf(undefined)).toBe('nl');
  });
});
