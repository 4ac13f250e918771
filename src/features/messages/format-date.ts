/** "12 mrt 14:05" today-aware short date for lists; full date and time for a message. */
export function shortDate(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const now = new Date();
  const sameDay = d.toDateString() === now.toDateString();
  return sameDay
    ? d.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(language, { day: 'numeric', month: 'short', ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) });
}

export function longDate(iso: string, language: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(language, { dateStyle: 'long', timeStyle: 'short' });
}
