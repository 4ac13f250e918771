/**
 * The one formatting layer for dates, times, numbers, money, hours and percentages (docs/decisions.md,
 * "Formats"). Pure: the language comes in as an argument ('nl' default, 'en'), the time zone is always
 * Europe/Amsterdam (the users' clock, whatever the device or server says). Screens use the bound
 * versions of `src/lib/format` (the i18next language); the server and the PDF call these directly.
 *
 * One format per kind:
 *  - date        26-11-2026        (en 26/11/2026)
 *  - date-time   26-11-2026 09:38  (en 26/11/2026 09:38)
 *  - time        09:38
 *  - relative    vandaag, gisteren, over 3 dagen (days on the Amsterdam calendar)
 *  - number      1.234,5           (en 1,234.5)
 *  - money       € 1.234,56        (en €1,234.56)
 *  - hours       24,5 uur          (en 24.5 hours)
 *  - percentage  57,25%            (en 57.25%); the value is given in percent (57.25), not as a fraction
 */

export type Language = 'nl' | 'en';
export const TIME_ZONE = 'Europe/Amsterdam';

/** 'en' for English interface languages ('en', 'en-GB', …), otherwise Dutch. */
export function languageOf(language: string | null | undefined): Language {
  return language?.toLowerCase().startsWith('en') ? 'en' : 'nl';
}

const localeOf = (language: string | null | undefined): string => (languageOf(language) === 'en' ? 'en-GB' : 'nl-NL');

// Building an Intl formatter costs far more than formatting; lists format hundreds of values.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The moment of a value: a timestamp (ms), a Date, an ISO date-time, or a plain ISO date (a calendar
 * day, which is taken at noon UTC so that it stays the same day in Amsterdam). Null when it is not one.
 */
export function toMoment(value: string | number | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const d = new Date(ISO_DATE.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(d.getTime()) ? null : d;
}

type DateInput = string | number | Date | null | undefined;

const dateFormat = (language: string) =>
  cached(`date:${localeOf(language)}`, () => new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE }));
const timeFormat = (language: string) =>
  cached(`time:${localeOf(language)}`, () => new Intl.DateTimeFormat(localeOf(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }));

/** "26-11-2026"; an ISO date is shown as that calendar day. Empty for no value, the text itself for text that is no date. */
export function formatDate(value: DateInput, language = 'nl'): string {
  const iso = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (iso) return languageOf(language) === 'en' ? `${iso[3]}/${iso[2]}/${iso[1]}` : `${iso[3]}-${iso[2]}-${iso[1]}`;
  const d = toMoment(value);
  if (!d) return typeof value === 'string' ? value : '';
  return dateFormat(language).format(d);
}

/** "09:38" in Amsterdam. */
export function formatTime(value: DateInput, language = 'nl'): string {
  const d = toMoment(value);
  return d ? timeFormat(language).format(d) : '';
}

/** "26-11-2026 09:38" in Amsterdam. */
export function formatDateTime(value: DateInput, language = 'nl'): string {
  const d = toMoment(value);
  return d ? `${dateFormat(language).format(d)} ${timeFormat(language).format(d)}` : '';
}

/** ISO calendar day (yyyy-mm-dd) of a moment in Amsterdam. */
export function amsterdamDay(value: DateInput): string {
  const iso = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (iso) return value as string;
  const d = toMoment(value);
  if (!d) return '';
  const parts = cached('day:iso', () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE })).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Today as an ISO date on the Amsterdam calendar. */
export const todayIso = (now: DateInput = Date.now()): string => amsterdamDay(now);

/** Whole calendar days from `now` to `value` on the Amsterdam calendar (a DST change does not make a day shorter). */
export function daysBetween(value: DateInput, now: DateInput = Date.now()): number | null {
  const a = amsterdamDay(value);
  const b = amsterdamDay(now);
  if (!a || !b) return null;
  return Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);
}

/** "vandaag", "gisteren", "over 3 dagen", "5 dagen geleden" (en: today, yesterday, in 3 days). */
export function formatRelativeDay(value: DateInput, language = 'nl', now: DateInput = Date.now()): string {
  const days = daysBetween(value, now);
  if (days == null) return '';
  return cached(`rel:${languageOf(language)}`, () => new Intl.RelativeTimeFormat(languageOf(language), { numeric: 'auto' })).format(days, 'day');
}

/**
 * A moment for lists: the time when it is today in Amsterdam, otherwise the date
 * ("09:38" or "25-11-2026"). Used where a column is narrow (message lists).
 */
export function formatListMoment(value: DateInput, language = 'nl', now: DateInput = Date.now()): string {
  const d = toMoment(value);
  if (!d) return '';
  return daysBetween(d, now) === 0 ? formatTime(d, language) : formatDate(d, language);
}

type NumberInput = number | null | undefined;
const finite = (value: NumberInput): value is number => value != null && Number.isFinite(value);

/** "1.234,5"; at most `maxDecimals` (2) and at least `minDecimals` (0) decimals. Empty for no number. */
export function formatNumber(value: NumberInput, language = 'nl', minDecimals = 0, maxDecimals = Math.max(2, minDecimals)): string {
  if (!finite(value)) return '';
  return cached(`num:${localeOf(language)}:${minDecimals}:${maxDecimals}`, () =>
    new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals })).format(value + 0);
}

/** "€ 1.234,56", "€ -12,00" (en "€1,234.56", "-€12.00"): always two decimals. */
export function formatMoney(value: NumberInput, language = 'nl'): string {
  if (!finite(value)) return '';
  return cached(`eur:${localeOf(language)}`, () => new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' })).format(value + 0);
}

/** "24,5 uur", "1 uur" (en "24.5 hours", "1 hour"). */
export function formatHours(value: NumberInput, language = 'nl', maxDecimals = 2): string {
  if (!finite(value)) return '';
  return cached(`hour:${localeOf(language)}:${maxDecimals}`, () =>
    new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: maxDecimals })).format(value + 0);
}

/** "57,25%" of 57.25 (a value in percent, not a fraction). */
export function formatPercent(value: NumberInput, language = 'nl', maxDecimals = 2, minDecimals = 0): string {
  if (!finite(value)) return '';
  return cached(`pct:${localeOf(language)}:${minDecimals}:${maxDecimals}`, () =>
    new Intl.NumberFormat(localeOf(language), { style: 'percent', minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals })).format(value / 100 + 0);
}
