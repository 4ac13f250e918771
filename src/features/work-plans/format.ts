/** Dates as the Dutch interface shows them (d-m-yyyy), from ISO dates or timestamps. */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const d = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(d);
}

export const todayIso = (): string => new Date().toISOString().slice(0, 10);
