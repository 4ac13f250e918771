/** Kept for imports not yet moved: the formats live in src/lib/format (one layer, docs/decisions.md "Formats"). */
export { formatDate, todayIso } from '../../lib/format';
