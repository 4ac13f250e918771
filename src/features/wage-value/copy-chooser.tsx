import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { toDutchDate } from '../../domain/wage-value/numbers';
import { nameOf } from './measurement-list';
import { useAllMeasurements } from './queries';
import './wage-value.css';

/** /wage-value/measurement/copy without an id: choose the measurement to copy. */
export function CopyChooser() {
  const { t } = useTranslation();
  useDocumentTitle(t('wageValue.wizard.title.copy'));
  const all = useAllMeasurements();
  const rows = (all ?? []).slice().sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''))).slice(0, 50);
  return (
    <section className="wv-page" aria-labelledby="wv-copy-title">
      <h1 id="wv-copy-title">{t('wageValue.wizard.title.copy')}</h1>
      <p>{t('wageValue.search.chooseToCopy')}</p>
      {!all ? <p aria-live="polite">{t('wageValue.search.loading')}</p> : rows.length === 0 ? <p className="wv-empty">{t('wageValue.search.empty')}</p> : (
        <ul className="wv-list">
          {rows.map((m) => (
            <li key={m.uuid}>
              <Link to="/wage-value/measurement/copy/{-$measurementId}" params={{ measurementId: m.uuid }}>
                {t('wageValue.search.copy')}: {nameOf(m)} – {m.employerName ?? ''} ({t(`wageValue.options.status.${m.status}`)}, {toDutchDate(m.createdAt ?? null)})
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
