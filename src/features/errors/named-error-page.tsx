import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { StatusPage } from '../../lib/ui/status-page';
import { ERROR_CODES, SIGN_IN_AGAIN } from './error-kinds';
import type { ErrorKind } from './error-kinds';

interface NamedErrorPageProps {
  kind: ErrorKind;
  /** Inside the signed-in shell the frame is the shell; elsewhere the public frame. */
  standalone?: boolean;
  /** The address that was asked for, shown on the 404 page. */
  path?: string;
}

/** One of the error pages of 01 §2 (404, 403, not-found and impersonation pages). */
export function NamedErrorPage({ kind, standalone = false, path }: NamedErrorPageProps) {
  const { t } = useTranslation();
  const code = ERROR_CODES[kind];
  const page = (
    <StatusPage
      tone={kind === 'http404' ? 'info' : 'warning'}
      title={t(`errorPages.${kind}.title`)}
      eyebrow={code ? t('errorPages.code', { code }) : undefined}
      actions={
        SIGN_IN_AGAIN.has(kind) ? (
          <Link className="button button--primary" to="/login/{-$request}" params={{ request: undefined }}>
            {t('app.toLogin')}
          </Link>
        ) : (
          <Link className="button button--primary" to="/">
            {t('app.backHome')}
          </Link>
        )
      }
    >
      <p>{t(`errorPages.${kind}.body`)}</p>
      {path ? <p className="status-page__path">{t('notAvailable.path', { path })}</p> : null}
    </StatusPage>
  );
  return standalone ? <PublicFrame>{page}</PublicFrame> : page;
}
