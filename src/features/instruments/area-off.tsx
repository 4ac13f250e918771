import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/ui/use-document-title';

/** What a screen shows when the company switched its part off (the server answers nothing for it either). */
export function AreaOff({ what }: { what: 'library' | 'instruments' | 'kwnw' | 'status' | 'planOfApproach' | 'instrument' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`instruments.off.${what}`));
  return (
    <section className="instruments" aria-labelledby="off-title">
      <h1 id="off-title">{t(`instruments.off.${what}`)}</h1>
      <p>{t('instruments.off.explain')}</p>
    </section>
  );
}
