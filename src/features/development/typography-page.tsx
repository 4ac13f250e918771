import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';

/** `/development/typography` (01 §2, development only): the type scale and the common blocks, to check styles. */
export function TypographyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('development.typography.title'));
  return (
    <PublicFrame wide>
      <section className="card" aria-labelledby="typography-title">
        <h1 id="typography-title">{t('development.typography.title')}</h1>
        <p>{t('development.typography.intro')}</p>
        <h2>{t('development.typography.heading2')}</h2>
        <h3>{t('development.typography.heading3')}</h3>
        <p>{t('development.typography.paragraph')}</p>
        <p>
          <a href="#typography-title">{t('development.typography.link')}</a>
        </p>
        <ul>
          <li>{t('development.typography.listItem')}</li>
          <li>{t('development.typography.listItem')}</li>
        </ul>
        <p className="alert alert--success">{t('development.typography.success')}</p>
        <p className="alert alert--warning">{t('development.typography.warning')}</p>
        <p className="alert alert--error">{t('development.typography.error')}</p>
        <p>
          <button type="button" className="button button--primary">
            {t('development.typography.primary')}
          </button>{' '}
          <button type="button" className="button">
            {t('development.typography.secondary')}
          </button>
        </p>
      </section>
    </PublicFrame>
  );
}
