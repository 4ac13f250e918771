/** Time of day and date in the interface language (nl: 14:05, 3 mrt 2026). */
export function formatTime(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at);
}

export function formatDate(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

export function formatCount(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n);
}
