import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import './cms.css';

const SECTIONS = {
  disclaimer: ['s1', 's2', 's3', 's4', 's5'],
  privacy: ['s1', 's2', 's3', 's4', 's5', 's6', 's7'],
} as const;

/** The static texts of /cms/disclaimer and /cms/privacybeleid (01 §2), in both languages, outside the signed-in shell. */
export function CmsPage({ page }: { page: keyof typeof SECTIONS }) {
  const { t } = useTranslation();
  const title = t(page === 'disclaimer' ? 'screens.disclaimer' : 'screens.privacy');
  useDocumentTitle(title);
  return (
    <PublicFrame wide>
      <article className="cms-page" aria-labelledby="cms-title">
        <h1 id="cms-title">{title}</h1>
        <p className="cms-page__intro">{t(`cms.${page}.intro`)}</p>
        {SECTIONS[page].map((s) => (
          <section key={s} aria-labelledby={`cms-${s}`}>
            <h2 id={`cms-${s}`}>{t(`cms.${page}.${s}.title` as `cms.disclaimer.s1.title`)}</h2>
            <p>{t(`cms.${page}.${s}.body` as `cms.disclaimer.s1.body`)}</p>
          </section>
        ))}
        <p className="cms-page__updated">{t('cms.updated')}</p>
        <Link to="/" className="button">{t('cms.back')}</Link>
      </article>
    </PublicFrame>
  );
}
