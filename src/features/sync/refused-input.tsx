import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '../../domain/sync/outbox-machine';

/** The texts of a refused change's input, by field path (ids, numbers and empty texts left out). */
export function refusedTexts(args: Record<string, unknown>, prefix = '', depth = 0): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  for (const [key, value] of Object.entries(args)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      if (value.trim() !== '' && !/^[0-9a-f-]{36}$/i.test(value)) found.push({ path, text: value });
    } else if (value && typeof value === 'object' && depth < 3) {
      found.push(...refusedTexts(value as Record<string, unknown>, path, depth + 1));
    }
  }
  return found;
}

/**
 * What the user typed in a refused change, kept on the changes page to copy or retry while every
 * screen shows the server's version again (issue 19).
 */
export function RefusedInput({ row }: { row: OutboxRow }) {
  const { t } = useTranslation();
  const texts = refusedTexts(row.args);
  if (texts.length === 0) return null;
  return (
    <details className="outbox-row__input" data-testid="refused-input">
      <summary>{t('syncTruth.yourInput')}</summary>
      <dl>
        {texts.map((x) => (
          <div key={x.path}>
            <dt>{x.path}</dt>
            <dd style={{ whiteSpace: 'pre-wrap', userSelect: 'all' }}>{x.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
