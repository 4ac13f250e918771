/** Kept for imports not yet moved: the formats live in src/lib/format (one layer, docs/decisions.md "Formats"). */
import { formatDateTime, formatListMoment } from '../../lib/format';

/** The time when today, otherwise the date ("09:38", "25-11-2026"). */
export const shortDate = (iso: string, language: string): string => formatListMoment(iso, language);
/** "26-11-2026 09:38". */
export const longDate = (iso: string, language: string): string => formatDateTime(iso, language);
