/** Kept for imports not yet moved: the formats live in src/lib/format (one layer, docs/decisions.md "Formats"). */
import { formatDate } from '../../lib/format';

export const formatDay = (iso: string, language: string): string => formatDate(iso, language);
