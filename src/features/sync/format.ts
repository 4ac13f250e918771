/**
 * Time of day and date in the interface language (nl: 14:05, 3 mrt 2026). The formatters are kept per
 * language: building an Intl formatter costs far more than formatting, and the sync status line
 * formats again on every status change (several times during start-up).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

export function formatTime(at: number, language: string): string {
  return formatter(`time:${language}`, () => new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' })).format(at);
}

export function formatDate(at: number, language: string): string {
  return formatter(`date:${language}`, () => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' })).format(at);
}

export function formatCount(n: number, language: string): string {
  return formatter(`count:${language}`, () => new Intl.NumberFormat(language)).format(n);
}
