import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenKey } from '../../i18n/keys';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';

interface UnderConstructionPageProps {
  screen: ScreenKey;
  /** Outside the signed-in shell (public pages) the page brings its own frame. */
  standalone?: boolean;
  /** False on pages that are themselves a home (portal homes, registration area). */
  backLink?: boolean;
}

/** Placeholder for a screen of the spec that a later issue builds. */
export function UnderConstructionPage({ screen, standalone = false, backLink = true }: UnderConstructionPageProps) {
  const { t } = useTranslation();
  const page = (
    <StatusPage
      title={t(`screens.${screen}`)}
      eyebrow={t('placeholder.badge')}
      actions={
        backLink ? (
          <Link className="button" to="/">
            {t('app.backHome')}
          </Link>
        ) : undefined
      }
    >
      <p>{t('placeholder.body')}</p>
    </StatusPage>
  );
  return standalone ? <PublicFrame>{page}</PublicFrame> : page;
}
