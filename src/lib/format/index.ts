/**
 * Formats for screens: the pure layer of `src/domain/format` bound to the interface language of i18next
 * (nl default, en). `useFormat()` re-renders with the language; outside React, pass `i18n.language`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import * as f from '../../domain/format/format';

export * from '../../domain/format/format';

type Bound = {
  language: f.Language;
  date: (value: Parameters<typeof f.formatDate>[0]) => string;
  time: (value: Parameters<typeof f.formatTime>[0]) => string;
  dateTime: (value: Parameters<typeof f.formatDateTime>[0]) => string;
  relativeDay: (value: Parameters<typeof f.formatRelativeDay>[0]) => string;
  listMoment: (value: Parameters<typeof f.formatListMoment>[0]) => string;
  number: (value: number | null | undefined, minDecimals?: number, maxDecimals?: number) => string;
  money: (value: number | null | undefined) => string;
  hours: (value: number | null | undefined, maxDecimals?: number) => string;
  percent: (value: number | null | undefined, maxDecimals?: number, minDecimals?: number) => string;
};

export function boundFormat(language: string | null | undefined): Bound {
  const lang = f.languageOf(language);
  return {
    language: lang,
    date: (v) => f.formatDate(v, lang),
    time: (v) => f.formatTime(v, lang),
    dateTime: (v) => f.formatDateTime(v, lang),
    relativeDay: (v) => f.formatRelativeDay(v, lang),
    listMoment: (v) => f.formatListMoment(v, lang),
    number: (v, min, max) => f.formatNumber(v, lang, min, max),
    money: (v) => f.formatMoney(v, lang),
    hours: (v, max) => f.formatHours(v, lang, max),
    percent: (v, max, min) => f.formatPercent(v, lang, max, min),
  };
}

/** The formats in the current interface language. */
export function useFormat(): Bound {
  const { i18n } = useTranslation();
  return useMemo(() => boundFormat(i18n.language), [i18n.language]);
}
