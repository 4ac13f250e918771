import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { LoginForm } from './login-form';
import { SsoButtons } from './sso-buttons';

interface LoginPageProps {
  /** The session ended (01 §4, §8): show "Uw sessie is verlopen…". */
  expired: boolean;
  /** Called after a successful sign-in: reloads the session and continues. */
  onSignedIn: (credentials: { username: string; password: string }) => Promise<void>;
  /** The server could not be reached at sign-in. */
  onUnreachable?: () => void;
  /** The server refused the sign-in (its error code). */
  onRefused?: (username: string, code: string | null) => void;
  /** More ways in, under the links (the offline unlock). */
  extraLinks?: ReactNode;
}

/** The sign-in page (01 §2 "Login"). */
export function LoginPage({ expired, onSignedIn, onUnreachable, onRefused, extraLinks }: LoginPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  return (
    <PublicFrame>
      <section className="login card" aria-labelledby="login-title">
        <h1 id="login-title" className="login__title">
          {t('login.title')}
        </h1>
        <p className="login__intro">{t('login.intro')}</p>
        {expired ? (
          <p className="alert alert--warning" role="status">
            {t('errors.sessionExpired')}
          </p>
        ) : null}
        <LoginForm onSignedIn={onSignedIn} onUnreachable={onUnreachable} onRefused={onRefused} />
        <ul className="login__links">
          <li>
            <Link to="/login/forgot-password">{t('login.forgotPassword')}</Link>
          </li>
          <li>
            <Link to="/aanmelden">{t('login.register')}</Link>
          </li>
          {extraLinks}
        </ul>
        <SsoButtons />
      </section>
      <footer className="public-frame__footer">
        <Link to="/cms/disclaimer">{t('login.footerDisclaimer')}</Link>
        <Link to="/cms/privacybeleid">{t('login.footerPrivacy')}</Link>
      </footer>
    </PublicFrame>
  );
}
