import { todayIso as amsterdamToday } from '../../domain/format/format';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { withFieldLabel } from '../../lib/ui/reason-text';

/**
 * Small helpers of the instrument screens (features do not import each other, STYLE.md): dates as the Dutch
 * interface shows them, a field's validation message, and translating a key built at run time.
 */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const d = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(d);
}

export const todayIso = (): string => amsterdamToday();

export const plusMonths = (iso: string, months: number): string => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export function tx(t: TFunction, key: string, options?: Record<string, unknown>): string {
  return (t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options);
}

/** A field's validation message (an i18n key, with a server refusal's parameters), tied to its input by id. */
export function FieldError({ id, message, params }: { id: string; message: string | undefined; params?: Record<string, unknown> | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {tx(t, message, params ? withFieldLabel(t, params as Parameters<typeof withFieldLabel>[1]) : undefined)}
    </p>
  );
}
