import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../../lib/ui/public-frame';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import './auth.css';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Show the link back to Login below the card's content (default true). */
  backToLogin?: boolean;
  /** Outside the public frame (inside the signed-in shell). */
  inShell?: boolean;
}

/** The card of the sign-in screens: title, intro, content and the way back to Login. */
export function AuthCard({ title, intro, children, backToLogin = true, inShell = false }: AuthCardProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const card = (
    <section className="login card auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="login__title">
        {title}
      </h1>
      {intro ? <div className="login__intro">{intro}</div> : null}
      {children}
      {backToLogin ? (
        <ul className="login__links">
          <li>
            <Link to="/login/{-$request}" params={{ request: undefined }}>
              {t('auth.common.backToLogin')}
            </Link>
          </li>
        </ul>
      ) : null}
    </section>
  );
  return inShell ? <div className="auth-card__shell">{card}</div> : <PublicFrame>{card}</PublicFrame>;
}
