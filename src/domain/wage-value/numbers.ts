/**
 * Rounding and Dutch number text for the wage-value measurement. Pure; used by the form (display and
 * input), the calculation, the report and the server.
 */
import { formatMoney, formatNumber } from '../format/format';

/** Half-up rounding to `decimals`, robust against binary fractions (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const shifted = value * factor;
  // Math.round rounds .5 up; the epsilon corrects 1.005 * 100 = 100.49999999999999.
  const rounded = Math.round(shifted + Math.sign(shifted) * 1e-9 * Math.max(1, Math.abs(shifted)));
  return rounded / factor + 0; // + 0 turns -0 into 0
}

export const round2 = (value: number): number => roundTo(value, 2);

/** Number of decimals written in a number (2.50 → 1, 2.125 → 3). */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(value);
  const exp = /e-(\d+)$/.exec(text);
  if (exp?.[1]) return Number(exp[1]);
  return text.split('.')[1]?.length ?? 0;
}

/**
 * Whether a number has at most `decimals` decimals, judged on the number scaled to an integer with a
 * tolerance for binary fractions (24.47 hours as 1,468.2 minutes / 60 is 24.470000000000002, which
 * has two decimals as typed). Never on the float's text.
 */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

/** Minutes a week that are a whole number of hundredths of an hour (hours × 60 with hours to 2 decimals). */
export function isHundredthsOfHour(minutes: number): boolean {
  // In integer hundredths of an hour: minutes × 100 / 60 must be whole.
  return hasAtMostDecimals(minutes / 60, 2);
}

const DUTCH_NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Reads a number typed the Dutch way ("1.234,5", "12,5") or plainly ("12.5" with at most two decimals
 * is read as a decimal point, as a tablet's numeric keypad may give it). Empty text answers null, text
 * that is not a number answers NaN (the schema then says it must be a number).
 */
export function parseDutchNumber(text: string | null | undefined): number | null {
  const t = (text ?? '').trim().replace(/\s/g, '');
  if (t === '') return null;
  if (DUTCH_NUMBER.test(t)) return Number(t.replace(/\./g, '').replace(',', '.'));
  if (PLAIN_NUMBER.test(t)) return Number(t);
  return Number.NaN;
}

/** Dutch text of a number: "1.234,50" (grouping, comma decimal); the one formatting layer (src/domain/format). */
export const formatDutchNumber = (value: number | null | undefined, minDecimals = 0, maxDecimals = 2): string =>
  formatNumber(value, 'nl', minDecimals, maxDecimals);

/** "€ 1.234,56" */
export const formatEuro = (value: number | null | undefined): string => formatMoney(value, 'nl');

/** Dates: the spec's payload is DD-MM-YYYY; documents store ISO YYYY-MM-DD. */
const DMY = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** ISO date of DD-MM-YYYY or YYYY-MM-DD text; null when it is not a real date. */
export function toIsoDate(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  const dmy = DMY.exec(t);
  if (dmy) {
    const [, d, m, y] = dmy;
    return validYmd(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : null;
  }
  const iso = ISO.exec(t);
  if (iso) {
    const [, y, m, d] = iso;
    return validYmd(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : null;
  }
  return null;
}

/** DD-MM-YYYY of an ISO date (the spec's payload and the report's format). */
export function toDutchDate(iso: string | null | undefined): string {
  const m = ISO.exec((iso ?? '').slice(0, 10));
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}
