/**
 * The text of the date field (dd-mm-jjjj) and its ISO value (yyyy-mm-dd), which is what forms and writes
 * keep. Pure, so the mask is tested without a browser.
 */

const SEPARATOR = /[-/.\s]/;

/**
 * The typed text shaped to dd-mm-jjjj: digits only, dashes put in as the digits come. A separator typed
 * after one digit pads it ("1-" → "01-", "1-2-2026" → "01-02-2026"); text after eight digits is dropped.
 */
export function maskDateText(raw: string): string {
  const parts = raw.split(SEPARATOR);
  let digits = '';
  parts.forEach((part, i) => {
    const d = part.replace(/\D/g, '');
    const closed = i < parts.length - 1; // a separator follows this part
    // Day and month parts of one digit are padded once the user typed the separator after them.
    if (closed && d.length === 1 && digits.length < 4 && digits.length % 2 === 0) digits += `0${d}`;
    else digits += d;
  });
  digits = digits.slice(0, 8);
  const groups = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter((g) => g !== '');
  let text = groups.join('-');
  // Keep a dash the user just typed after a complete day or month, so typing "12-" shows "12-".
  if (SEPARATOR.test(raw.slice(-1)) && (digits.length === 2 || digits.length === 4)) text += '-';
  return text;
}

function validYmd(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** ISO date of complete, real dd-mm-jjjj text; null otherwise (31-02-2026, 12-3). */
export function dateTextToIso(text: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, d, mo, y] = m;
  return validYmd(Number(y), Number(mo), Number(d)) ? `${y}-${mo}-${d}` : null;
}

/** dd-mm-jjjj of an ISO date (or of the start of an ISO date-time); other text is given back as it is. */
export function isoToDateText(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : (value ?? '');
}

/** The value a form keeps for typed text: ISO when it is a real date, '' when empty, the text itself otherwise (so the form's schema refuses it). */
export function dateFieldValue(text: string): string {
  if (text.trim() === '') return '';
  return dateTextToIso(text) ?? text;
}

/** ISO date `days` after an ISO date (calendar arithmetic, no time zone). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO date `months` after an ISO date; the day is kept, or the month's last day when it has fewer. */
export function addMonths(iso: string, months: number): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The weeks (Monday first) of the month of an ISO date: ISO dates, null for days of the neighbouring months. */
export function monthGrid(iso: string): (string | null)[][] {
  const [y = 0, m = 1] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7; // Monday = 0
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d += 1) cells.push(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Monday-based weekday (0 = Monday) of an ISO date. */
export const weekdayOf = (iso: string): number => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
